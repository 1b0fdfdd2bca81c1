package toolchain

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/internal/textfmt"
	"github.com/cs540-tools/autograder/sandbox"
)

// Java compiles with javac and runs the main class with java, both of one
// JDK; the JVM gets a heap cap below the box's memory (see JVMOptions).
// Its unit tests are JUnit 5's, compiled by the javac and run by the java
// console launcher.
var Java = &Toolchain{
	Name:     "java",
	Title:    "Java",
	Codes:    []string{"java"},
	Exts:     []string{".java"},
	Products: []string{"*.class", "*.jar"},
	Runtime:  "java",
	Tools:    []Tool{javaTool, javacTool},
	Commands: func(main string, sources []string) ([][]string, []string) {
		return [][]string{append([]string{javacTool.Name, "-encoding", "UTF-8"}, sources...)}, []string{javaTool.Name, "-cp", ".", main}
	},
	Display:     func(main string) []string { return []string{javaTool.Name, main} },
	DefaultMain: func(sources []string) string { return strings.TrimSuffix(sources[0], ".java") },
	CheckMain: func(main string, _ []string) string {
		if !javaNameRE.MatchString(main) {
			return "a Java class name without a package"
		}
		return ""
	},
	PickMain:   javaMain,
	FolderMain: "Main.java",
	TidyLog:    tidyOutOfResources,
	Options: func(tool string, box Box, version string) []string {
		if tool != javaTool.Name { // javac: the grader's heap, whatever the runtime
			return jvmOptions(box.Memory, javaHeap(Box{Memory: box.Memory}), true, version)
		}
		opts := jvmOptions(box.Memory, javaHeap(box), false, version)
		if box.Judges && box.CPU >= FullJITFrom {
			return fullJIT(opts)
		}
		return opts
	},
	ThreadStack: javaStack,
	Archive: func(ctx context.Context, tool, resolved, version string, opts []string) ([]string, string) {
		if tool != javacTool.Name {
			return nil, ""
		}
		return javacArchive(ctx, resolved, version, opts)
	},
	ReadOnly: func(resolved string) []string {
		if h := JDKHome(resolved); h != "" {
			return []string{h}
		}
		return nil
	},
	Limit:     javaLimit,
	Heap:      javaHeap,
	RunNote:   javaRunNote,
	NoProgram: javaNoClass,
	Fit:       javaFit,
	Package: func(src []byte) (int, int, bool) {
		_, start, end, ok := JavaPackage(src)
		return start, end, ok
	},
	Syntax: javaSyntax,
	Lexer:  JavaLexer,
	Tests: &TestFramework{
		Name: "junit", Title: "JUnit", Compiler: javacTool.Name, Runner: javaTool.Name,
		// Debian's junit5 package installs the first.
		Launchers: []string{"/usr/share/java/junit-platform-console-standalone.jar"},
		Needs:     "JUnit console launcher",
		Install:   "apt-get install junit5",
	},
	Hello: sandbox.File{Name: "Hello.java", Data: []byte(`import java.util.Scanner;

public class Hello {
    public static void main(String[] args) {
        System.out.println("hello, " + new Scanner(System.in).next() + " " + args[0]);
    }
}
`)},
}

var javaNameRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// javaMain runs the class that declares main: of several, the one named
// want; of none, want's file, else the first file's name.
func javaMain(sources []string, files []sandbox.File, want string) (string, string) {
	var classes []string
	for _, f := range files {
		if c := JavaMainClass(f.Data); c != "" && slices.Contains(sources, f.Name) && !slices.Contains(classes, c) {
			classes = append(classes, c)
		}
	}
	switch {
	case len(classes) == 1:
		return classes[0], ""
	case len(classes) > 1 && slices.Contains(classes, want):
		return want, ""
	case len(classes) > 1:
		return "", fmt.Sprintf("several classes declare main (%s): the assignment cannot tell which one to run", strings.Join(classes, ", "))
	case slices.Contains(sources, want+".java"):
		return want, ""
	}
	return strings.TrimSuffix(sources[0], ".java"), ""
}

// javaNoClass: javac compiles a file that declares no class of the main
// class's name without a word (a file that is all comment, one that
// declares class Main), and java would then fail on every case. The main
// class's file is what the run needs; when it is not among the build's
// files, the note says what the sources hold instead.
func javaNoClass(main string, sources []string, built []sandbox.File) string {
	if slices.ContainsFunc(built, func(f sandbox.File) bool { return f.Name == main+".class" }) {
		return ""
	}
	blank := true
	var types []string
	for _, f := range built {
		if !slices.Contains(sources, f.Name) {
			continue
		}
		blank = blank && JavaBlank(f.Data)
		pkg, _, _, _ := JavaPackage(f.Data)
		for _, t := range JavaTypes(f.Data) {
			name := t.Name
			if pkg != "" {
				name = pkg + "." + name
			}
			types = append(types, t.Kind+" "+name)
		}
	}
	file, holds, declares := "the file", "holds", "it declares"
	if len(sources) > 1 {
		file, holds, declares = "the files", "hold", "they declare"
	}
	why := declares + " no class"
	switch {
	case blank:
		why = fmt.Sprintf("%s %s no code outside comments", file, holds)
	case len(types) > 0:
		why = declares + " " + andList(types)
	}
	return fmt.Sprintf("compiled, but no class %s: %s", main, why)
}

// javaFit: a Java source stands in for Name.java when it declares a
// top-level type Name, public or not, and none public of another name
// (javac wants a public type in a file of its name).
func javaFit(required string, data []byte) (bool, string) {
	class := strings.TrimSuffix(required, path.Ext(required))
	declares, conflict := false, ""
	for _, t := range JavaTypes(data) {
		switch {
		case t.Name == class:
			declares = true
		case t.Public && conflict == "":
			conflict = fmt.Sprintf("declares public %s %s", t.Kind, t.Name)
		}
	}
	return declares, conflict
}

// javaLimit reads the limit a JVM reports having hit: with -Xmx below the
// box's memory, a greedy program gets an OutOfMemoryError rather than the
// OOM killer.
func javaLimit(stderr []byte) sandbox.Limit {
	switch {
	case bytes.Contains(stderr, []byte("java.lang.OutOfMemoryError: unable to create native thread")):
		return sandbox.Procs
	case bytes.Contains(stderr, []byte("java.lang.OutOfMemoryError")):
		return sandbox.Memory
	}
	return sandbox.None
}

// javaRunNote notes a StackOverflowError: how deep a recursion gets
// before it depends on how much of it the JIT has compiled by then
// (compiled and interpreted frames differ in size). The grader's JVM
// compiles in the foreground (-Xbatch), so the depth varies by less than 1%
// from run to run here, but another JVM's (a judge's, a student's own
// machine's) differs more. It notes an OutOfMemoryError of the heap too:
// the heap's cap, -Xmx, and why it is below the memory limit.
func javaRunNote(stderr []byte, box Box) string {
	switch {
	case bytes.Contains(stderr, []byte("java.lang.StackOverflowError")):
		return fmt.Sprintf("a run ended in Java's StackOverflowError: the depth at which Java's stack overflows depends on how much "+
			"the JIT has compiled (compiled and interpreted frames differ in size); here it varies by less than 1%% from run to run, but on "+
			"another JVM (a judge's, your own) a recursion near that depth may end elsewhere; the stack was -Xss %d MiB", javaStack(box.Memory)>>20)
	case bytes.Contains(stderr, []byte("java.lang.OutOfMemoryError: Java heap space")):
		return "a run ended in Java's OutOfMemoryError: its objects filled the JVM's heap, " + heapText(box) +
			", before the program's memory reached the memory limit"
	}
	return ""
}

// heapText says what heap the JVM has in box, and why: "-Xmx128m (half
// the 256 MiB memory limit: the rest holds the JVM's own memory)".
func heapText(box Box) string {
	heap, memory, half := heapOf(box)
	why := "half the " + textfmt.Size(memory) + " memory limit: the rest holds the JVM's own memory"
	if !half {
		why = "the " + textfmt.Size(memory) + " memory limit less " + textfmt.Size(memory-heap) + " for the JVM's own memory"
	}
	return fmt.Sprintf("-Xmx%dm (%s)", heap>>20, why)
}

// andList joins names as "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// outOfResources is the compiler's own stack trace after it says it ran
// out of resources (a source nested deeper than its stack): the frames
// ("\tat ...") under the error's line.
var outOfResources = regexp.MustCompile(`(?s)(The system is out of resources\.\n[^\n]*\n[^\t][^\n]*\n)(?:\tat [^\n]*\n?)+`)

// tidyOutOfResources leaves out the compiler's frames under an
// out-of-resources error: which frame overflowed depends on the JIT's
// state, not on the source, and the frames tell a student nothing.
func tidyOutOfResources(log []byte) []byte {
	return outOfResources.ReplaceAll(log, []byte("${1}\t(the compiler's own stack trace left out)\n"))
}
