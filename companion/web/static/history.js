import { addWords, hasWords, sayWords } from "./i18n.js";

// History lines in the phone's language. The server sends each line as an entry
// {say, text, args, terms, then} (companion/game/history.py): a word key with its slots, the
// whole line in English in text, and the lines said right after it. Japanese terms follow
// seed 003 (the 3rd-edition Japanese rules): 粉砕, 送りつける, 相殺, 浮きゾーン, 場, アンティ, 融合.
// One key a line: tests/game/test_history_lines.py checks every key the server uses is here.
addWords("history", {
  undid: "{who} が取り消し：",
  redid: "{who} がやり直し：",
  skipped: "スキップ（今のルールでは認められません：{reason}）：",
  skipped_bare: "スキップ（今のルールでは認められません：{reason}）",
  seat_handed_own: "{who} が自分の席を新しい端末に渡しました",
  seat_handed: "{who} が {owner} の席を新しい端末に渡しました",
  // Puzzle Strike (companion/game/puzzle_strike/lines.py)
  psh_chose: "{who} がキャラクターを選びました",
  psh_chose_first: "{who} が {character} を選び、先手でプレイします",
  psh_chose_second: "{who} が {character} を選び、後手でプレイします",
  psh_revealed: "{who} がキャラクターを選びました。キャラクター公開：{shown}",
  psh_clash:
    "{who} がキャラクターを選びました。{keeper} と {other} がともに {character} を選択：コイントスで {character} は {keeper} に。{other} は別のキャラクターと先手・後手を選び直します",
  psh_restart_agreed: "{who} がキャラクターの選び直しに同意：全員が選び直します",
  psh_restart_asks: "{who} がキャラクターの選び直しを提案しています（全員の同意が必要）",
  psh_ante: "{who} が{gem}ジェムをアンティ",
  psh_combine: "{who} が{a}ジェムと{b}ジェムを融合して{sum}ジェムに",
  psh_crash: "{who} が{a}ジェムを粉砕して {target} に送りつけました",
  psh_crash2: "{who} が{a}ジェムと{b}ジェムを粉砕して {target} に送りつけました",
  psh_float: "。{sender} の場が9以下になるまで、ジェムは浮きゾーンに留まります",
  psh_float_sent: "。{sender} の浮きゾーンのジェムが {target} に送られました",
  psh_counter: "{who} が{a}ジェムを粉砕してカウンタークラッシュ",
  psh_counter2: "{who} が{a}ジェムと{b}ジェムを粉砕してカウンタークラッシュ",
  psh_negated: "：{negated}枚を相殺",
  psh_negated_back: "：{negated}枚を相殺、{rest}枚が {to} に送り返されます",
  psh_negated_back1: "：{negated}枚を相殺、1枚が {to} に送り返されます",
  psh_negated_land: "：{negated}枚を相殺、{rest}枚が {to} の場に降ってきました",
  psh_negated_land1: "：{negated}枚を相殺、1枚が {to} の場に降ってきました",
  psh_let_through: "{who} はジェムを通しました。{waiting} が対応できます",
  psh_land: "{who} がジェムを受けました",
  psh_add: "{who} が {player} の場に{gem}ジェムを置きました",
  psh_add_own: "{who} が自分の場に{gem}ジェムを置きました",
  psh_remove: "{who} が {player} の場から{gem}ジェムを取り除きました",
  psh_remove_own: "{who} が自分の場から{gem}ジェムを取り除きました",
  psh_end_without_ante: "{who} がアンティせずにターン終了",
  psh_end: "{who} がターン終了",
  psh_end_tiebreak_next: "{who} が場 {total} でターン終了。タイブレーク：{next} がもう1ターン",
  psh_end_tiebreak: "{who} が場 {total} でターン終了。タイブレーク：{tied} が最も低い場 {at} で同点。それぞれもう1ターン、{next} から",
  psh_end_tiebreak_again:
    "{who} が場 {total} でターン終了。再びタイブレーク：{tied} が最も低い場 {at} で同点。それぞれもう1ターン、{next} から",
  psh_forfeit: "{who} が投了しました",
  psh_mark_full: "{who} が {stack} の山を「あり」にしました",
  psh_mark_empty: "{who} が {stack} の山を「空」にしました",
  psh_mark_removed: "{who} が {stack} の山を「除外（Into Oblivion）」にしました",
  psh_switch: "{who} が {character} にキャラクター変更",
  psh_swap: "{who} が銀行の {out} を {into} と入れ替えました",
  psh_reroll: "{who} が銀行を作り直しました",
  psh_keep: "{who} はキャラクターも銀行もそのままにしました",
  psh_rematch: "{who} が再戦を始めました：全員がキャラクターを選びます",
  psh_game_overflow: "ゲーム{n}は {winner} の勝ち（{loser} が場10以上でターンを終えた）。スコア {score}",
  psh_game_lowest: "ゲーム{n}は {winner} の勝ち（{loser} が場10以上でターンを終え、場が最も低いプレイヤーの勝ち）。スコア {score}",
  psh_game_last: "ゲーム{n}は {winner} の勝ち（最後まで残ったプレイヤー）。スコア {score}",
  psh_game_forfeit: "ゲーム{n}は {winner} の勝ち（{loser} が投了）。スコア {score}",
  psh_match_won: "{winner} が対戦に勝利",
  psh_acted: "{who} が操作しました",
  // Shadowfist (companion/game/shadowfist/view.py)
  sfh_next_step: "{who} が次のステップへ",
  sfh_end_turn: "{who} がターン終了",
  sfh_generated: "{who} の風水サイトが {power} パワーを生み出しました",
  sfh_gain: "{who} が {power} パワーを得ました",
  sfh_spend: "{who} が {power} パワーを使いました",
  sfh_play_site: "{who} が風水サイトを出しました",
  sfh_seize: "{who} が {victim} のサイトを奪取しました",
  sfh_burn_victory: "{who} が {victim} のサイトを勝利のために焼きました",
  sfh_burn_power: "{who} が {victim} のサイトをパワーのために焼きました",
  sfh_lose_site: "{who} がサイトを失いました",
  sfh_decked: "{who} が最後のカードを引きました",
  sfh_seating: "席順の抽選：{seating}。{first} が先手",
  // Drafts (companion/game/draft/view.py)
  drh_picked: "{who} が {name} をピック",
  // Toasts (table.js)
  toast_incoming: "{sender}：1ジェム × {ones} → {target}",
});
/** A history entry in the phone's language (its English text for a key without words there,
 * or a line stored before lines had word keys). */
export function lineWords(entry) {
  if (typeof entry === "string") return entry;
  if (!entry.say || !hasWords(entry.say)) return entry.text;
  let words = sayWords(entry);
  for (const after of entry.then || []) {
    const next = lineWords(after);
    words += (/^[。、：]/.test(next) || /[：:]$/.test(words) ? "" : "。") + next;
  }
  return words;
}
