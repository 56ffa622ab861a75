// The ports are the one product a team's app code imports: `import AppPorts` brings the plain
// values they speak in (JSONValue, UUIDText, StableHash) with them, so app code names no other
// simrun module, and the product depends on nothing else of simrun.
@_exported import SimValues
