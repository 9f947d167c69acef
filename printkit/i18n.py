"""Words printed on sheets, in English and Japanese.

Japanese game terms follow seed 003 (the 3rd-edition Japanese rules): 融合, クラッシュジェム,
パニックタイム, ... Chip names stay in English there too, as in seed 003; chip summaries are
strikekit's English wording in both builds.
"""

from __future__ import annotations

LANGUAGES = ("en", "ja")

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "duplex": "Duplex: print both sides, flipping on the long edge. Page 2 is the cover's "
        "blank back; pages 3-4 are the alignment test: print those first.",
        "contents_line": "{kind}: {designs} designs, {n} pieces",
        "sheet_line": "sheet: {title}",
        "crops_corners": "corners",
        "crops_full": "full lines",
        "crops_none": "none",
        "sizes_line": "Sizes are strikekit's own: {sizes}.",
        "size_chip": "chips {size}",
        "size_token": "win tokens {size}",
        "size_counter": "counters {size}",
        "size_card": "cards {size}",
        "size_dragon-card": "Dragon cards {size}",
        "size_track-card": "track cards {size}",
        "qr_base": "The QR codes open the companion at {url}. If its address changes, rebuild "
        "with --base-url (or open the bank's code at the new address).",
        "contents": "Contents",
        "how_to_print": "Print at actual size (100 %, no 'fit to page'), then check the ruler.",
        "simplex": "Fronts only: backs are printed with --duplex.",
        "bleed": "Bleed used: {bleed} mm past the cut line (crop marks: {crops}).",
        "ruler": "Calibration: this line must measure exactly 100 mm",
        "ruler_in": "and this one exactly 4 inches",
        "missing": "Not printed, facts unknown (add them with --data-dir, see README):",
        "gaps": "Facts marked unknown in the catalog:",
        "pieces": "{n} pieces",
        "page": "page {n}",
        "alignment": "Duplex alignment test (front): print this page and the next on one sheet, "
        "hold it to the light; the crosses should meet.",
        "alignment_back": "Duplex alignment test (back): the red crosses should sit behind the "
        "black ones.",
        "alignment_offset": "Read on the scale how far the red centre cross sits from the black "
        "one, seen from the front. --back-offset X,Y (mm) moves the backs: +X to the left and +Y "
        "up as seen from the front (right and up on the back). Backs 1 mm too far right: "
        "--back-offset 1,0.",
        "bank": "Bank",
        "puzzle_stacks": "Puzzle stacks (5 each)",
        "fixed_stacks": "Always in the bank",
        "panic": "Panic Time",
        "panic_line": "{who}: Panic at {p} empty stacks, Danger at {d}, Deadly at {x}",
        "players": "{n} players",
        "team": "2 vs 2",
        "scan": "Scan to open this bank in the companion",
        "code": "Bank code",
        "sets": "Sets",
        "turn": "Turn summary",
        "ante": "Ante",
        "action": "Action",
        "buy": "Buy",
        "cleanup": "Cleanup",
        "height_bonus": "Height bonus",
        "counter_crash": "Counter-crash",
        "gem_pile": "Gem pile",
        "ongoing": "Ongoing",
        "discard": "Discard pile",
        "modes": "Modes",
        "time_over": "Time-over",
        "raid": "Raid on Deathstrike Dragon",
        "betrayal": "Betrayal",
        "victory": "Victory",
        "power": "Power",
        "sites": "Feng Shui Sites",
        "burned": "Burned for victory",
        "attack": "Attack",
        "combat": "Combat",
        "turn_sequence": "Turn",
        "tracker": "Victory and power tracker",
        "player": "Player",
        "loyal": "Loyal Mortal",
        "traitor": "Traitor",
        "win": "WIN",
        "start": "START",
        "cost": "cost {n}",
        "turn_ante": "put a 1-gem from the bank in your gem pile (a bigger gem in Panic Time).",
        "turn_action": "play one action chip; each arrow lets you play one more (a coloured "
        "arrow only for that banner colour).",
        "turn_buy": "play gems from your hand as money (gems in your pile are not money); buy at "
        "least one chip (a wound costs 0). Each Combine played: {money}.",
        "turn_cleanup": "discard everything, draw 5 plus the height bonus. End your turn at 10 "
        "or more and you lose.",
        "crash_1": "A Crash Gem breaks one gem of your pile and sends that many 1-gems; a Double "
        "Crash Gem up to two; +$1 per gem broken on your own turn.",
        "crash_2": "When gems are sent to you, play a Crash Gem as a reaction: each of your "
        "1-gems cancels one incoming 1-gem; the rest goes to whoever crashed fewer. One reaction "
        "per send.",
        "crash_3": "A 4-gem in a crash makes the whole send uncounter-crashable.",
    },
    "ja": {
        "duplex": "両面印刷：長辺とじで裏返します。2ページ目は表紙の裏（白紙）、3〜4ページ目は位置合わせテストです。先にそれを印刷してください。",
        "contents_line": "{kind}：{designs} 種類、{n} 個",
        "sheet_line": "シート：{title}",
        "crops_corners": "四隅",
        "crops_full": "全線",
        "crops_none": "なし",
        "sizes_line": "寸法は strikekit 独自：{sizes}。",
        "size_chip": "チップ {size}",
        "size_token": "勝利トークン {size}",
        "size_counter": "カウンター {size}",
        "size_card": "カード {size}",
        "size_dragon-card": "ドラゴンカード {size}",
        "size_track-card": "トラックカード {size}",
        "qr_base": "QRコードはコンパニオン {url} を開きます。アドレスが変わったら --base-url を付けて作り直してください（新しいアドレスで銀行コードを開いても構いません）。",
        "contents": "内容",
        "how_to_print": "実寸（100％、ページに合わせない）で印刷し、定規で確認してください。",
        "simplex": "表面のみ。裏面は --duplex で印刷されます。",
        "bleed": "塗り足し：切り取り線の外側 {bleed} mm（トンボ：{crops}）。",
        "ruler": "確認用：この線はちょうど 100 mm",
        "ruler_in": "この線はちょうど 4 インチ",
        "missing": "情報不明のため未印刷（--data-dir で補えます。README 参照）：",
        "gaps": "カタログで不明とされている情報：",
        "pieces": "{n} 個",
        "page": "{n} ページ",
        "alignment": "両面位置合わせテスト（表）：このページと次のページを1枚の両面に印刷し、光に透かして十字が重なるか確認してください。",
        "alignment_back": "両面位置合わせテスト（裏）：赤い十字が黒い十字の真裏に来るはずです。",
        "alignment_offset": "表から見て、中央の赤い十字が黒い十字からどれだけずれているかを目盛りで読みます。--back-offset X,Y（mm）で裏面が動きます：表から見て +X で左へ、+Y で上へ（裏から見ると右と上）。裏面が 1 mm 右にずれていれば --back-offset 1,0。",
        "bank": "銀行",
        "puzzle_stacks": "パズルチップ（各5枚）",
        "fixed_stacks": "常に銀行にあるチップ",
        "panic": "パニックタイム",
        "panic_line": "{who}：在庫切れ {p} 種でパニックタイム、{d} 種でデンジャータイム、{x} 種でデッドリータイム",
        "players": "{n}人プレイ",
        "team": "2vs2チーム戦",
        "scan": "読み取るとコンパニオンでこの銀行が開きます",
        "code": "銀行コード",
        "sets": "セット",
        "turn": "ターンの進め方",
        "ante": "アンティ",
        "action": "アクション",
        "buy": "購入",
        "cleanup": "クリーンアップ",
        "height_bonus": "積み上げボーナス",
        "counter_crash": "カウンタークラッシュ",
        "gem_pile": "場",
        "ongoing": "進行中",
        "discard": "捨て札置き場",
        "modes": "モード",
        "time_over": "タイムオーバー",
        "raid": "Raid on Deathstrike Dragon",
        "betrayal": "Betrayal",
        "victory": "勝利",
        "power": "パワー",
        "sites": "風水サイト",
        "burned": "勝利のために焼いたサイト",
        "attack": "攻撃",
        "combat": "戦闘",
        "turn_sequence": "ターン",
        "tracker": "勝利・パワー記録シート",
        "player": "プレイヤー",
        "loyal": "Loyal Mortal",
        "traitor": "Traitor",
        "win": "WIN",
        "start": "START",
        "cost": "価格{n}",
        "turn_ante": "銀行から1ジェムを1枚自分の場に置く（パニックタイム中は大きいジェム）。",
        "turn_action": "アクションチップを1枚プレイ。矢印1つにつきもう1枚（色付き矢印はその色の横断幕のチップのみ）。",
        "turn_buy": "手札のジェムを金銭として出す（場のジェムは金銭ではない）。最低1枚は買う（負傷チップは0）。"
        "融合1回につき {money}。",
        "turn_cleanup": "すべて捨て札置き場へ。5枚と積み上げボーナス分を引く。場の合計が10以上でターンを終えると敗北。",
        "crash_1": "クラッシュジェムは場のジェム1つを粉砕し、その数の1ジェムを送る。ダブルクラッシュジェムは2つまで。"
        "自分のターンなら粉砕1つにつき+$1。",
        "crash_2": "ジェムを送られたらクラッシュジェムをリアクションとしてプレイ：こちらの1ジェム1枚が相手の"
        "1ジェム1枚を相殺し、差分は粉砕が少なかった方へ。1回の送りつけにリアクションは1回。",
        "crash_3": "4ジェムを含む粉砕はカウンター不可。",
    },
}


KINDS_JA = {
    "puzzle-chip": "パズルチップ",
    "character-chip": "キャラクターチップ",
    "gem": "ジェム",
    "purple": "紫チップ",
    "wound": "負傷チップ",
    "blank": "予備チップ",
    "numbered-card": "数字カード",
    "ability-card": "能力カード",
    "dragon-card": "ドラゴンカード",
    "loyalty-card": "忠誠カード",
    "track-card": "トラックカード",
    "win-token": "勝利トークン",
    "counter": "カウンター",
}
"""Piece kinds as a Japanese build names them (seed 003's words where it has them)."""


def kind_label(lang: str, kind: str) -> str:
    """Name a piece kind in the build's language (English builds print the kind's id)."""
    return KINDS_JA.get(kind, kind) if lang == "ja" else kind


def text(lang: str, key: str, **values: object) -> str:
    """Return a printed phrase in the build's language, with values filled in."""
    return STRINGS[lang][key].format(**values)
