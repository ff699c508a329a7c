"""HTTP and WebSocket: the guard, pushes, the hub, wire messages and the protocol, assets."""
