package toolchain

import (
	"bytes"
	"regexp"
	"slices"

	"github.com/cs540-tools/autograder/sandbox"
)

// Rust compiles the crate root (main.rs, else the first source; the others
// are its modules) with rustc, optimised, as the 2021 edition.
var Rust = &Toolchain{
	Name:     "rust",
	Codes:    []string{"rust"},
	Exts:     []string{".rs"},
	Products: []string{"*.o", "*.rlib", "*.rmeta", "*.d", "*.exe"},
	Binary:   true,
	Runtime:  "rustc",
	// The system's compiler first: rustup's rustc on PATH is a proxy that
	// looks for its toolchains in the user's home.
	Tools: []Tool{{Name: "rustc", Candidates: []string{"/usr/bin/rustc", "/usr/local/bin/rustc", "rustc"},
		Version: []string{"--version"}, VersionRE: regexp.MustCompile(`rustc (\S+)`)}},
	Commands: func(main string, sources []string) ([][]string, []string) {
		root := sources[0]
		if slices.Contains(sources, "main.rs") {
			root = "main.rs"
		}
		return [][]string{{"rustc", "--edition", "2021", "-O", "-o", main, root}}, []string{"./" + main}
	},
	DefaultMain: func([]string) string { return "main" },
	CheckMain:   checkBinary,
	Limit: func(stderr []byte) sandbox.Limit {
		// What Rust's allocator prints before it aborts.
		if bytes.Contains(stderr, []byte("memory allocation of ")) {
			return sandbox.Memory
		}
		return sandbox.None
	},
	Hello: sandbox.File{Name: "hello.rs", Data: []byte(`use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let name = input.split_whitespace().next().unwrap_or("");
    let arg = std::env::args().nth(1).unwrap_or_default();
    println!("hello, {} {}", name, arg);
}
`)},
}
