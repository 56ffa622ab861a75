import AppleStandIns
import CryptoSavings
import Foundation
import SimCore
import SimHarness

/// What the checks see at quiescence: each device's store as its app shows it (after dedupe),
/// each account's records recomputed by the fixed rules, the users' ledger and how healing went.
struct CryptoWorld {
    struct DeviceView {
        var name: String
        /// The account the device is signed in to at the end (nil: none or unavailable).
        var account: String?
        var month: String
        /// The device's wall clock at quiescence (Unix milliseconds): the instant `month` labels.
        var wallMilliseconds: Int64
        var view: SavingsView
        var keyed: [CryptoKeys.Keyed]
        /// Set-aside edit notes per account (the fixed build's report of unsynced edits).
        var setAside: [String: [String]]
    }

    struct CloudView {
        var user: String
        var view: SavingsView
        var keyed: [CryptoKeys.Keyed]
    }

    var devices: [DeviceView]
    var clouds: [String: CloudView]
    /// What the users expect to exist, folded from the run's operation ledger.
    var confirmed: ConfirmedObjects
    var healing: HealingOutcome
    var wipes: [String]

    /// Devices whose final account is `user`.
    func devices(of user: String) -> [DeviceView] { devices.filter { $0.account == user } }
}

extension CryptoWorld {
    init(stage: CryptoStage, healing: HealingOutcome) {
        var devices: [DeviceView] = []
        for name in stage.order {
            let phone = stage.phone(name)
            let rows = phone.device.files.read(CryptoSavingsApplication.storePath).flatMap(StoreSnapshot.decode)
                .map { Array($0.rows.values) } ?? []
            let offset = stage.variant.has(.deviceLocalMonthLabel) ? phone.device.config.utcOffsetSeconds : MonthLabel.declaredOffsetSeconds
            let wall = stage.wallMilliseconds(phone.device)
            let month = MonthLabel.label(wall, offsetSeconds: offset)
            let view = SavingsView(rows: rows, variant: stage.variant, month: month)
            var setAside: [String: [String]] = [:]
            for path in phone.device.files.list(prefix: EditJournal.setAsidePrefix).sorted() {
                let user = String(path.dropFirst(EditJournal.setAsidePrefix.count).dropLast(5))
                setAside[user] = phone.device.files.read(path).flatMap { try? JSONDecoderBox.strings($0) } ?? []
            }
            var account: String?
            if case .available(let user) = stage.account(phone.device) { account = user }
            devices.append(DeviceView(name: name, account: account, month: month, wallMilliseconds: wall, view: view,
                                      keyed: CryptoKeys.keyed(view, all: rows), setAside: setAside))
        }
        let confirmed = ConfirmedObjects(ledger: stage.ledger)
        var clouds: [String: CloudView] = [:]
        let month = MonthLabel.label(stage.wallMilliseconds(stage.phone(stage.order[0]).device), offsetSeconds: MonthLabel.declaredOffsetSeconds)
        for user in stage.server.admin.users {
            let records = stage.server.admin.records(user: user).map(\.record).filter { $0.recordID.zoneName == CloudKitMirrorOptions().zoneName }
            let rows = CloudRows.rows(records, transactionAmounts: confirmed.transactionAmounts)
            let view = SavingsView(rows: rows, variant: .fixed, month: month)
            clouds[user] = CloudView(user: user, view: view, keyed: CryptoKeys.keyed(view, all: rows))
        }
        self.init(devices: devices, clouds: clouds, confirmed: confirmed, healing: healing, wipes: stage.wipes)
    }
}

/// JSON string lists (the edit journal's files).
enum JSONDecoderBox {
    static func strings(_ bytes: [UInt8]) throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(bytes))
    }
}
