// A stand-in for the part of Apple's `Darwin` module that WidgetI18n's Apple-only code uses, so that
// scripts/check-apple-only.py can type-check the `#if canImport(Darwin)` branches on Linux, where Darwin does not
// exist. It is Glibc (the same POSIX calls: open, read, stat, strerror, errno…) with the few spellings that differ
// on Darwin added, as Apple's headers and manual pages declare them. It is not Darwin: nothing runs against it.
@_exported import Glibc

extension stat {
    /// The time of the last data modification, which Darwin's `struct stat` names `st_mtimespec` (`struct timespec
    /// st_mtimespec; /* time of last data modification */`) where POSIX and Glibc name it `st_mtim`:
    /// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/stat.2.html
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public var st_mtimespec: timespec { st_mtim }
}
