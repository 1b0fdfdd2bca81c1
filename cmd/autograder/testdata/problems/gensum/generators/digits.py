def spelled(i):
    return str(i)
