import AppPorts
import Foundation
import SimValues

/// Fixed variant: one local store per account. When another account signs in on a device whose
/// store belongs to someone else, that store (with its unsynced outbox) is set aside under its
/// owner's name and the new account starts from its own set-aside store, or an empty one that the
/// sync engine fills from the server. Nothing of one account is ever pushed under another.
public struct StoreSwitcher {
    let files: any LocalFileStore
    let defaults: any KeyValueStore
    let path = "swisscoin/store.json"
    /// The app's store at `path`, when the app has one open: what it holds in memory spares a
    /// decode of the current file, and the copy set aside is noted in its cache (speed only).
    var store: LocalStore? = nil

    /// A switcher for the store in `files`, whose current user is in `defaults`.
    public init(files: any LocalFileStore, defaults: any KeyValueStore, store: LocalStore? = nil) {
        self.files = files
        self.defaults = defaults
        self.store = store
    }

    /// Where `account`'s store is kept while another account's is current.
    public func asidePath(_ account: String) -> String { "swisscoin/accounts/\(account)/store.json" }
    func asideUserPath(_ account: String) -> String { "swisscoin/accounts/\(account)/current-user-id" }

    /// Makes the store at `path` the one of `account`; returns whether it switched.
    public func switchStore(from owner: String, to account: String) throws -> Bool {
        guard owner != account, let current = try files.read(path: path) else { return false }
        let held = store?.heldDatabase(for: current)
        if let held { store?.remember(copy: current, decodesTo: held) }
        try files.write(path: asidePath(owner), data: current)
        let me = defaults.string(forKey: AppDefaultsKeys.currentUserId) ?? ""
        try files.write(path: asideUserPath(owner), data: Data(me.utf8))
        if let mine = try files.read(path: asidePath(account)) {
            try files.write(path: path, data: mine)
            try files.remove(path: asidePath(account))
            let id = try files.read(path: asideUserPath(account)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            defaults.set(id.isEmpty ? nil : .string(id), forKey: AppDefaultsKeys.currentUserId)
        } else {
            var fresh = LocalDatabase(timeZoneOffsetSeconds: (held ?? (try? LocalStore.decode(current)))?.timeZoneOffsetSeconds ?? 0)
            fresh.ownerAccountId = account
            try files.write(path: path, data: try LocalStore.encode(fresh))
            defaults.set(nil, forKey: AppDefaultsKeys.currentUserId)
        }
        _ = defaults.synchronize()
        return true
    }
}
