/// Scenarios: the apps under test (ported from their migration plans), their workloads,
/// fault injectors and invariant checks.
public enum Catalog {}
