// simrun command line (see README).
print("simrun: not wired yet")
