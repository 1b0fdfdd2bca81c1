package toolchain

import "slices"

// all is every toolchain, in the order All documents. A language is added
// by a file defining its Toolchain and its name here.
var all = []*Toolchain{C, CPP, Java, Python, Rust, Go}

// All returns every toolchain, in the order a rubric's language "auto"
// tries them and `autograder doctor` lists them.
func All() []*Toolchain { return slices.Clone(all) }

// Lookup returns the toolchain of a preset name ("cpp"), nil for none.
func Lookup(name Name) *Toolchain {
	for _, t := range all {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// ByExt returns the toolchain whose sources end in ext (".cc"), nil for
// none.
func ByExt(ext string) *Toolchain {
	for _, t := range all {
		if slices.Contains(t.Exts, ext) {
			return t
		}
	}
	return nil
}

// ByCode returns the toolchain of a contest package's language code
// ("python3"), nil for none.
func ByCode(code string) *Toolchain {
	for _, t := range all {
		if slices.Contains(t.Codes, code) {
			return t
		}
	}
	return nil
}

// Default is the preset of a rubric that names no language.
func Default() *Toolchain { return Java }

// Frameworks returns the toolchains that have a unit-test framework
// (Tests), in the order of All.
func Frameworks() []*Toolchain {
	return slices.DeleteFunc(All(), func(t *Toolchain) bool { return t.Tests == nil })
}

// ByFramework returns the toolchain whose unit-test framework is named
// name ("junit"), nil for none.
func ByFramework(name string) *Toolchain {
	for _, t := range all {
		if t.Tests != nil && t.Tests.Name == name {
			return t
		}
	}
	return nil
}

// SyntaxOf is the syntax of a source file's language by its ending
// (".java"), nil when no toolchain has it.
func SyntaxOf(ext string) *Syntax {
	t := ByExt(ext)
	if t == nil {
		return nil
	}
	return t.Syntax
}
