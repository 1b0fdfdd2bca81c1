package javabridge

import (
	"context"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// requireJDK opens the JDK the tests find; without one it skips the test
// with the reason, or fails it when CI is "true".
func requireJDK(t *testing.T) *JDK {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), jvmLimit)
	defer cancel()
	found, err := toolchain.FindJDK(ctx)
	if err != nil {
		testenv.Missing(t, "no JDK: %v", err)
	}
	jdk, err := OpenJDK(found.Java)
	if err != nil {
		t.Fatal(err)
	}
	return jdk
}

// TestJDKBases: the stand-in's base is walked in the JDK's own classes:
// the class itself when a stand-in can extend it, else its nearest
// ancestor that can be (public, a constructor that takes a message or
// nothing, never one of the errors fatal to JUnit's run).
func TestJDKBases(t *testing.T) {
	jdk := requireJDK(t)
	for _, c := range []struct {
		class, base string
		message     bool
	}{
		{"java/util/concurrent/CancellationException", "java/util/concurrent/CancellationException", true},
		{"java/util/NoSuchElementException", "java/util/NoSuchElementException", true},
		{"java/time/DateTimeException", "java/time/DateTimeException", true},
		{"java/time/format/DateTimeParseException", "java/time/DateTimeException", true}, // (String, CharSequence, int) only
		{"java/util/EmptyStackException", "java/util/EmptyStackException", false},
		{"java/io/UncheckedIOException", "java/lang/RuntimeException", true}, // takes an IOException, never null
		{"java/util/concurrent/ExecutionException", "java/util/concurrent/ExecutionException", true},
		{"java/net/URISyntaxException", "java/lang/Exception", true},
		{"java/sql/SQLException", "java/sql/SQLException", true}, // another module
		{"java/lang/OutOfMemoryError", "java/lang/Error", true},
		{"java/lang/NoClassDefFoundError", "java/lang/Error", true},
		{"java/lang/Exception", "java/lang/Exception", true},
		{"java/util/ArrayList", "", false},
		{"java/lang/Thread", "", false},
		{"java/util/NoSuchThing", "", false},
		{"java/lang/String;", "", false},
	} {
		b := jdk.base(c.class)
		if b.err != nil || b.class != c.base || b.class != "" && b.message != c.message {
			t.Errorf("%s: base %q (message %v, %v), want %q (message %v)", c.class, b.class, b.message, b.err, c.base, c.message)
		}
	}
}

// TestJimageRefusesGarbage: a run-time image that is not one is an error,
// never a panic.
func TestJimageRefusesGarbage(t *testing.T) {
	for _, b := range []string{"", "\xda\xda\xfe\xca", "\xda\xda\xfe\xca\x00\x00\x02\x00" + strings.Repeat("\x00", 20),
		"\xda\xda\xfe\xca\x00\x00\x01\x00" + strings.Repeat("\xff", 20)} {
		if _, err := openJimage(strings.NewReader(b)); err == nil {
			t.Errorf("%q: no error", b)
		}
	}
}

// FuzzJimage: no bytes make the run-time image reader panic or read past
// what it was given.
func FuzzJimage(f *testing.F) {
	head := "\xda\xda\xfe\xca\x00\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x08\x00\x00\x00\x10\x00\x00\x00"
	f.Add(head + "\xff\xff\xff\xff\x00\x00\x00\x00\x08\x01\x11\x02\x19\x03\x00\x00" + "java.base\x00java/lang\x00")
	f.Add(head + strings.Repeat("\x01", 40))
	f.Fuzz(func(t *testing.T, b string) {
		img, err := openJimage(strings.NewReader(b))
		if err != nil {
			return
		}
		img.read("/java.base/java/lang/Object.class")
		img.read("")
	})
}
