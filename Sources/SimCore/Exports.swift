// Plain values (JSONValue, SimRandom, StableHash, UUIDText) live in SimValues so that app code can
// use them without importing the kernel; everything that imports SimCore sees them too.
@_exported import SimValues
