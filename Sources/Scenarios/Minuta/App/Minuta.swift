import AppPorts
import CRDT

/// Minuta, the time tracker under test (seed `001_e431d3bf7ab6ca87.txt`): its data layer, ported
/// from the seed's iOS code to plain Swift behind small ports. The app's own types live in this
/// namespace so they read like the seed (`Minuta.MigrationService`, `Minuta.Tag`).
public enum Minuta {}
