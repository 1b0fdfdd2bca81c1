package javabridge

import (
	"reflect"
	"testing"
)

func TestProbe(t *testing.T) {
	src, first := probe(map[string][]byte{
		"A.java": []byte("import java.util.*;\nimport static org.junit.jupiter.api.Assertions.*;\n  import  java . io . * ;\nimport java.util.List;\n"),
		"B.java": []byte("import org.junit.jupiter.api.*;\nimport java.util.*;"),
	}, []string{"Arrays", "Fraction"})
	want := "import java.io.*;\nimport java.util.*;\nimport org.junit.jupiter.api.*;\nclass AutograderProbe {\n    Arrays f0;\n    Fraction f1;\n}\n"
	if src != want || first != 5 {
		t.Errorf("probe:\n%s(first %d), want\n%s(first 5)", src, first, want)
	}
}

func TestUnresolved(t *testing.T) {
	msg := `/tmp/x/AutograderProbe.java:5: error: reference to List is ambiguous
/tmp/x/AutograderProbe.java:6: error: cannot find symbol
    Fraction f1;
/tmp/x/AutograderProbe.java:7: error: Hidden is not public in java.util; cannot be accessed from outside package
/tmp/x/AutograderProbe.java:2: error: package nowhere does not exist
/tmp/x/AutograderProbe.java:99: error: cannot find symbol
`
	got := unresolved(msg, 5, 3)
	if want := map[int]bool{1: true, 2: true}; !reflect.DeepEqual(got, want) {
		t.Errorf("unresolved %v, want %v", got, want)
	}
}

func TestDefaultPackageNames(t *testing.T) {
	got := DefaultPackageNames(map[string][]byte{
		"Arrays.class":     simpleClass("Arrays"),
		"geo/Point.class":  simpleClass("geo/Point"),
		"Outer$Node.class": nestedClass(InnerClass{"Outer$Node", "Outer", "Node", accPublic | accStatic}),
		"bad.class":        []byte("junk"),
		"Fine.class":       simpleClass("Fine"),
	})
	if want := []string{"Arrays", "Fine"}; !reflect.DeepEqual(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}
