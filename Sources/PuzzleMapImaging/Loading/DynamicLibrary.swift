#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library opened with `dlopen` when it is first needed rather than linked, so processes
/// that never use it do not load it and its dependencies at start (`puzzlemap decode` draws no
/// code sheets and sees few HEIF photos). Never closed: the function pointers taken from it
/// live as long as the process.
public struct DynamicLibrary: @unchecked Sendable {  // a handle that is never closed
    /// The library, or one of its functions, is not there.
    public struct Unavailable: Error, CustomStringConvertible {
        public let name: String
        public var description: String { "\(name) cannot be loaded" }
    }

    private let handle: UnsafeMutableRawPointer

    /// Opens `soname` (such as "libcairo.so.2") as the dynamic linker finds it.
    public init(_ soname: String) throws(Unavailable) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { throw Unavailable(name: soname) }
        self.handle = handle
    }

    /// The function `name`, typed as the caller's property: that type comes from a typedef of the
    /// library's own declaration (`__typeof__` in the module's shim), so every call is checked.
    public func function<Function>(_ name: String) throws(Unavailable) -> Function {
        guard let address = dlsym(handle, name) else { throw Unavailable(name: name) }
        return unsafeBitCast(address, to: Function.self)
    }
}
