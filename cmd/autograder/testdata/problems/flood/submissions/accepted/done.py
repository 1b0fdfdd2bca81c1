print("DONE", flush=True)
