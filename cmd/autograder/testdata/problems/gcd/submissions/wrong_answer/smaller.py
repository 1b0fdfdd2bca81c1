import gcdio

# The smaller number divides the larger only sometimes.
gcdio.solve_all(min)
