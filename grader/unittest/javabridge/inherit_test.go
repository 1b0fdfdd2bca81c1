package javabridge

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// TestJDKSuperclasses: a student's class that extends a JDK class that is
// no throwable gets a stand-in that extends the same class, with its type
// arguments, and forwards every public method it has from the JDK (but
// those it declares itself, once); one whose JDK class a stand-in cannot
// extend, or cannot forward all of, is refused when the stand-ins are
// made, saying why.
func TestJDKSuperclasses(t *testing.T) {
	jdk := requireJDK(t)
	ctx, cancel := context.WithTimeout(context.Background(), jvmLimit)
	defer cancel()
	found, err := toolchain.FindJDK(ctx)
	if err != nil {
		testenv.Missing(t, "no JDK: %v", err)
	}
	cases := []struct {
		name string
		src  map[string]string
		want []string // in the stand-in's source, or in the refusal
		not  []string // not in the stand-in's source
	}{
		{name: "a list of the student's",
			src: map[string]string{"Item.java": "public class Item {}\n",
				"Inventory.java": "public class Inventory extends java.util.ArrayList<Item> {\n" +
					"    @Override public boolean add(Item i) { return super.add(i); }\n    public int count() { return size(); }\n}\n"},
			want: []string{"public class Inventory extends java.util.ArrayList<Item> implements autograder.bridge.Remote",
				"public int size()", "public Item get(int a0)", "public java.util.Iterator<Item> iterator()",
				"public <T> T[] toArray(T[] a0)", "public boolean equals(java.lang.Object a0)", "public java.lang.String toString()",
				"public java.util.stream.Stream<Item> stream()", `"size", "()I"`, `"get", "(I)Ljava/lang/Object;"`},
			not: []string{"add(java.lang.Object", "trimToSize()\n    public void trimToSize()", "removeRange", "getClass"}},
		{name: "a generic map",
			src: map[string]string{"Table.java": "public class Table<V extends Comparable<V>> extends java.util.TreeMap<String, V> {\n    public V least() { return values().stream().min(Comparable::compareTo).orElse(null); }\n}\n"},
			want: []string{"public class Table<V extends java.lang.Comparable<V>> extends java.util.TreeMap<java.lang.String, V>",
				"public V put(java.lang.String a0, V a1)", "public java.util.Map.Entry<java.lang.String, V> firstEntry()"}},
		{name: "a raw list",
			src:  map[string]string{"Bag.java": "@SuppressWarnings(\"rawtypes\") public class Bag extends java.util.LinkedList {}\n"},
			want: []string{"public class Bag extends java.util.LinkedList", "public boolean add(java.lang.Object a0)", "public java.lang.Object getFirst()"}},
		{name: "a Thread: final methods",
			src:  map[string]string{"Worker.java": "public class Worker extends Thread {\n    public void run() {}\n}\n"},
			want: []string{"class Worker extends java.lang.Thread: its method", "is final, and a stand-in cannot forward it, so the tests cannot use it (hold a java.lang.Thread in a field instead of extending it)"}},
		{name: "a File: no constructor of nothing",
			src:  map[string]string{"Doc.java": "public class Doc extends java.io.File {\n    public Doc() { super(\"x\"); }\n}\n"},
			want: []string{"class Doc extends java.io.File: it has no public or protected constructor that takes nothing"}},
	}
	// One javac for every case's sources (their class names differ);
	// each case's stand-ins are made from its own classes alone.
	all := map[string][]byte{}
	for _, tc := range cases {
		for p, s := range tc.src {
			all[p] = []byte(s)
		}
	}
	out := t.TempDir()
	if err := Compile(ctx, found.Javac, nil, all, out, testJavac(ctx, found)...); err != nil {
		t.Fatal(err)
	}
	classes := readClasses(t, out)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			own := map[string][]byte{}
			for p := range tc.src {
				name := strings.TrimSuffix(p, ".java")
				for c, b := range classes {
					if c == name+".class" || strings.HasPrefix(c, name+"$") {
						own[c] = b
					}
				}
			}
			res, err := Standins(own, Options{JDK: jdk})
			var text string
			var le *LoadError
			switch {
			case errors.As(err, &le):
				text = strings.Join(le.Problems, "\n")
			case err != nil:
				t.Fatal(err)
			default:
				for _, s := range res.Sources {
					text += string(s)
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("no %q in\n%s", w, text)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(text, n) {
					t.Errorf("%q in\n%s", n, text)
				}
			}
		})
	}
}
