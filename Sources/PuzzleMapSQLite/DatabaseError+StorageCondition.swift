import GRDB
import PuzzleMapStorage

/// SQLite's result codes that are the machine's, not the request's.
extension DatabaseError: StorageConditionError {
    public var storageCondition: StorageCondition? {
        switch resultCode {
        // The disk (or the file's size limit) is full; the transaction was rolled back.
        case .SQLITE_FULL: .full
        // Another writer held the database past the busy timeout, or the disk failed to read
        // or write.
        case .SQLITE_BUSY, .SQLITE_IOERR: .unavailable
        default: nil
        }
    }
}
