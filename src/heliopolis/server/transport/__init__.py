"""HTTP and WebSocket: the routes (``routes/``), what they ask FastAPI for (``deps.py``), the error
answers (``errors.py``), the guard, pushes, the hub, wire messages and the protocol, assets."""
