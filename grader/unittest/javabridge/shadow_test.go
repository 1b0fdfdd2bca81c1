package javabridge

import (
	"reflect"
	"slices"
	"strings"
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

// TestInstructorTypes: a student's class that implements the interface
// the handout gives (the instructor's Container, which the student's box
// holds a copy of) gets a stand-in that implements the instructor's; a
// class the tests do not have is still refused.
func TestInstructorTypes(t *testing.T) {
	classes := map[string][]byte{
		"Container.class": newClassBuilder().build(accPublic|accInterface|accAbstract, "Container", "java/lang/Object", nil, nil, nil),
		"Bag.class":       newClassBuilder().build(accPublic, "Bag", "java/lang/Object", []string{"Container"}, nil, nil),
	}
	if _, err := Standins(classes, Options{Reserved: []string{"Container"}}); err == nil || !strings.Contains(err.Error(), "uses the class Container, which the tests cannot see") {
		t.Errorf("without the instructor's types: %v", err)
	}
	res, err := Standins(classes, Options{Reserved: []string{"Container"}, Instructor: []string{"Container"}})
	if err != nil {
		t.Fatal(err)
	}
	if src := string(res.Sources["Bag.java"]); !strings.Contains(src, "public class Bag implements Container, autograder.bridge.Remote {") {
		t.Errorf("Bag's stand-in:\n%s", src)
	}
	if res.Sources["Container.java"] != nil {
		t.Error("the student's copy of Container got a stand-in")
	}
}
