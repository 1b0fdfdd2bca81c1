package javabridge

import (
	"reflect"
	"slices"
	"testing"
)

func TestOnDemandImports(t *testing.T) {
	got := OnDemandImports(map[string][]byte{
		"A.java": []byte("import java.util.*;\nimport static org.junit.jupiter.api.Assertions.*;\n  import  java . io . * ;\nimport java.util.List;\n"),
		"B.java": []byte("import org.junit.jupiter.api.*;\nimport java.util.*;"),
		// Commented out, or text: no imports.
		"C.java": []byte("/*\nimport java.awt.*;\n*/\n// import java.net.*;\nclass C { String s = \"\"\"\nimport java.sql.*;\n\"\"\"; }\n"),
	})
	if want := []string{"java.io", "java.util", "org.junit.jupiter.api"}; !reflect.DeepEqual(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}

func TestImportedNames(t *testing.T) {
	k := requireKit(t)
	names, err := ImportedNames(t.Context(), k.java, []string{k.junit, k.testSide}, map[string][]byte{
		"T.java": []byte("import java.util.*;\nimport org.junit.jupiter.api.*;\n"),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Arrays", "List", "Assertions", "String", "Math"} {
		if !slices.Contains(names, n) {
			t.Errorf("%s not among the %d names", n, len(names))
		}
	}
	for _, n := range []string{"Fraction", "Files"} {
		if slices.Contains(names, n) {
			t.Errorf("%s among the names", n)
		}
	}
}
