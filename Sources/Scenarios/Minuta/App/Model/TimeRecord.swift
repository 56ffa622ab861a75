import AppPorts
import CRDT

extension Minuta {
    /// One tracked interval (seed `TimeRecord(id:startTime:endTime:tagId:comment:images:)`); a
    /// record without an end is a running timer.
    public struct TimeRecord: Codable, Sendable, Equatable, Hashable {
        /// Upper-case UUID string, the key in its month document.
        public var id: String
        /// Unix milliseconds.
        public var startTime: Int64
        /// Unix milliseconds; nil while running.
        public var endTime: Int64?
        public var tagId: String?
        public var comment: String?
        /// Image file names (the images themselves stay separate files, seed §1.2).
        public var images: [String]

        public init(id: String, startTime: Int64, endTime: Int64? = nil, tagId: String? = nil,
                    comment: String? = nil, images: [String] = []) {
            self.id = id
            self.startTime = startTime
            self.endTime = endTime
            self.tagId = tagId
            self.comment = comment
            self.images = images
        }

        /// A timer that has not been stopped.
        public var isRunning: Bool { endTime == nil }
    }
}
