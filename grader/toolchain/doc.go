// Package toolchain describes the languages the grader builds and runs,
// one Toolchain value per language in one explicit list (All), as gopls
// lists its analyzers: what its sources are called, the tools its
// commands start with and how to find them and read their versions, its
// build and run commands, what a build writes, how to find the main unit
// (the class declaring main, the file to run), a hello-world for
// `autograder doctor`, the command a report shows, and what a run's
// stderr or a build's files say that the sandbox cannot see (a JVM's
// OutOfMemoryError, javac's silence about a file with no class).
//
// A language's one identity outside this package is its toolchain: the
// *Toolchain, or its Name ("cpp"), which is package rubric's Language and
// which Lookup turns back into the toolchain; no other package compares
// names or switches over languages. Every other package reads this one
// and names no language: package rubric takes a preset's name, sources
// and commands from it, package grader/runner its tools, options,
// messages and the main an included entry point makes (WantMain),
// grader/checker and grader/problem its extensions and contest language
// codes, package grader the sources that stand in for a missing file and
// their package statements, grader/unittest its unit-test frameworks
// (Tests: the tools a framework runs, where its launcher or its
// interpreter is found), grader/similarity which of its lexers reads a
// toolchain's sources and headers (Lexer, Headers), grader/review its
// Syntax, and grader/warm (the JVM harness) its JDK (FindJDK) and JVM
// options. A language is added by a file defining its Toolchain and one
// name in list.go.
//
// # Presets
//
// For required = ["EightQueen.java"] (or ["a.c", "b.c"], ...) and the
// default main, in the order of All (the order "auto" tries them):
//
//	c       .c                  build: gcc -O2 -o main a.c b.c -lm
//	                            run:   ./main
//	cpp     .cpp, .cc, .cxx     build: g++ -O2 -std=c++17 -o main a.cpp -lm
//	        .C, .c++
//	                            run:   ./main
//	java    .java               build: javac -encoding UTF-8 EightQueen.java
//	                            run:   java -cp . EightQueen
//	python  .py                 build: python3 -m py_compile main.py util.py
//	                            run:   python3 main.py
//	rust    .rs                 build: rustc --edition 2021 -O -o main main.rs
//	                            run:   ./main
//	go      .go                 build: go build -o main a.go b.go
//	                            run:   ./main
//
// Python's build is a syntax check: a syntax error is a compile error,
// reported once, not a runtime error on every case. The main unit: Java's
// main is a class (by default the first source's name; under "auto", the
// class declaring "public static void main", of several the one the rubric
// names); Python's a file of the sources (the first; under "auto" the only
// one, else main + ".py", else main.py); a compiled program is "main".
// Rust compiles one crate root, main.rs when it is a source (else the
// first), whose modules are the other sources. Go builds without a
// module, a network or cgo; its build cache (in the box's home, its
// working folder) starts empty in each build's box, which therefore takes
// seconds to tens of seconds, and a bigger box (BuildBox), to compile the
// standard library. A report shows a Java run as "java EightQueen ..." and the others as
// their run command.
//
// # Tools
//
// Each tool is found by its candidates, in order, through PATH and every
// symbolic link; the first that prints its version in a sandbox box wins,
// so a version manager's shim (pyenv's python3) that cannot run in the
// box is passed over for the system's interpreter. Java's tools are java
// and the javac beside it, one JDK: the runner's and warm mode's
// (FindJDK) are the same.
//
// A tool may start faster with a file made once per machine (Archive):
// javac maps a class data archive of its own classes (jsa.go), built in
// the user's cache folder from a training source of the grader's, keyed
// by the JDK and the JVM's options, and checked once per process before
// a box is given it.
//
// # Java source
//
// One reader knows Java's lexical structure, and every reader of Java
// source in the grader reads with it: ReadJava (comments, string and
// character literals, text blocks), JavaEscapes (unicode escapes) and
// JavaBlanked (the source with its comments, and its literals' contents,
// made spaces). On them stand JavaPackage (the package statement, which a
// rubric's submission.package judges), JavaTypes (top-level types: which
// file stands in for a missing EightQueen.java, what a file that
// compiled to no main class declares instead), JavaBlank and
// JavaMainClass here, and grader/similarity's Java lexer, all of which
// translate a student's unicode escapes first, as javac does; and
// grader/unittest's scan of JUnit tests and the imports its bridge
// reads, which read the instructor's files as they are.
package toolchain
