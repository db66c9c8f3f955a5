"""The task queue: what is still to resolve in a march and the runner that resolves it step by step."""
