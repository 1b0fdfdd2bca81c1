package toolchain

// all is every toolchain, in the order All documents. A language is added
// by a file defining its Toolchain and its name here.
var all = []*Toolchain{C, CPP, Java, Python, Rust, Go}
