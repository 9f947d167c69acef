"""The server: the ASGI front (unchanged polls, long polls, the bridge to the Flask app) and
``companion serve`` (uvicorn, or gunicorn with uvicorn workers)."""
