import Scenarios
import SimrunCLI

// The simrun executable: the command line over the built-in apps (Swiss Coin, Minuta), with the
// CRDT merge as an extra benchmark section.
SimrunCommand.main(apps: Catalog.apps, benchmarks: [CRDTMergeBench.benchmark])
