/// FakeCloud: in-process fakes of the cloud services apps migrate to, reached only through
/// SimCore's `Network` so every injected fault applies to them.
public enum FakeCloud {}
