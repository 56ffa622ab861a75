import AppPorts
import SimCore
import SimHarness
import SwissCoin

/// What a user does in the app after the migration, at given virtual times: edits (each picks its
/// target by index among the store's entities sorted by id, so two devices holding the same data
/// pick the same one), and signing out or in. Times count from the device's first session after
/// its migration; a relaunched app skips actions whose time passed.
struct UserScript: Sendable {
    enum Action: Sendable, Equatable {
        case renamePerson(pick: Int, name: String)
        /// A new phone number (nil: cleared) and colour for a contact.
        case editContact(pick: Int, phone: String?, colorHex: String)
        /// Archives a contact, or brings it back.
        case archivePerson(pick: Int, archived: Bool)
        case retitle(pick: Int, title: String)
        case changeAmount(pick: Int, percent: Int)
        /// Changes who shares the transaction: one debtor (`debtor` modulo its splits) leaves it.
        case resplit(pick: Int, debtor: Int)
        case create(title: String, minor: Int64, debtors: Int)
        case delete(pick: Int)
        /// Taps Sign Out (the SDK ends the session; local data stays).
        case signOut
        /// Signs in with these credentials (an account switch when they are another account's).
        case signIn(email: String, password: String)

        /// The field groups the action's screen changes: the harness's own account of the user's
        /// edit, never the groups the app's outbox change claims (an app that files a new split
        /// under the title's group would otherwise define its own yardstick). Empty for a delete,
        /// a sign-out and a sign-in.
        var editedGroups: [SyncFieldGroup] {
            switch self {
            case .renamePerson: return [.name]
            case .editContact: return [.contact]
            case .archivePerson: return [.archived]
            case .retitle: return [.text]
            case .changeAmount, .resplit: return [.money]
            case .create: return [.text, .money]
            case .delete, .signOut, .signIn: return []
            }
        }
    }

    /// What a step waits for after its time has come, before the user acts (at most
    /// `cueBoundMilliseconds`; then the user acts anyway).
    enum Cue: Sendable, Equatable {
        /// Nothing: the user acts at the step's time.
        case none
        /// A sync pass of the session has had a push acknowledged since the step's time and still
        /// has changes to push: the user acts while the app shows it syncing.
        case whilePushing
        /// The pass that pushes what the user saved before the step (the one pushing at the step's
        /// time, or the next) is pulling: the user acts while that pull is under way, so a page it
        /// brings may hold the entity the user is editing (at most `cueBoundMilliseconds`; not
        /// once the session's sync has ended).
        case whilePulling
    }

    struct Step: Sendable {
        /// Virtual milliseconds after the device's first session began (`SyncProgress.origin`).
        var atMilliseconds: Int64
        var action: Action
        var cue: Cue = .none
    }

    /// How long a cued step waits for its cue: longer than a request cut off by going offline
    /// takes to time out (60 s), which holds up the pass that sent it.
    static let cueBoundMilliseconds: Int64 = 90_000

    /// The account (auth user id) whose user follows the script; another account signed in on
    /// the device does not (nil: whoever is signed in).
    var account: String?
    var steps: [Step] = []
    /// Pause between sync passes while the app is open.
    var syncIntervalMilliseconds: Int64 = 4_000
}
