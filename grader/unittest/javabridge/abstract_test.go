package javabridge

import (
	"strings"
	"testing"
)

// TestAbstractLeavesInterfaceMethods: an abstract class that implements
// an interface and leaves one of its methods to its subclasses (Polygon
// implements Shape without area()) gets a stand-in that forwards that
// method itself (the stand-in is no abstract class: it stands for any
// object of the class), once; the methods it declares, and Object's that
// an interface declares again, are not written twice.
func TestAbstractLeavesInterfaceMethods(t *testing.T) {
	const abstract = accPublic | accAbstract
	shape := newClassBuilder().build(accPublic|accInterface|accAbstract, "Shape", "java/lang/Object", nil, nil, []member{
		{access: abstract, name: "area", desc: "()D"},
		{access: abstract, name: "perimeter", desc: "()D"},
		{access: abstract, name: "equals", desc: "(Ljava/lang/Object;)Z"},
		{access: accPublic, name: "describe", desc: "()Ljava/lang/String;"},
	})
	polygon := newClassBuilder().build(abstract, "Polygon", "java/lang/Object", []string{"Shape"}, nil, []member{
		{access: accProtected, name: "<init>", desc: "(I)V"},
		{access: abstract, name: "side", desc: "()D"},
		{access: accPublic, name: "perimeter", desc: "()D"},
	})
	square := newClassBuilder().build(accPublic, "Square", "Polygon", nil, nil, []member{
		{access: accPublic, name: "<init>", desc: "(D)V"},
		{access: accPublic, name: "side", desc: "()D"},
		{access: accPublic, name: "area", desc: "()D"},
	})
	res, err := Standins(map[string][]byte{"Shape.class": shape, "Polygon.class": polygon, "Square.class": square}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := string(res.Sources["Polygon.java"])
	for want, n := range map[string]int{
		`public double area() {`: 1, `"Polygon", "area", "()D"`: 1, `double perimeter()`: 1, `double side()`: 1,
		`equals(`: 0, `describe(`: 0,
	} {
		if got := strings.Count(src, want); got != n {
			t.Errorf("Polygon's stand-in has %q %d times, want %d:\n%s", want, got, n, src)
		}
	}
	if got := string(res.Sources["Square.java"]); strings.Count(got, "area()") != 1 {
		t.Errorf("Square's stand-in:\n%s", got)
	}
}
