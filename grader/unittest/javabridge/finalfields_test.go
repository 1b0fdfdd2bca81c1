package javabridge

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// finalClasses are the test classes of testdata/finalfields: value
// classes whose public final fields the tests read (a point with a
// constant, a segment of two points, a person and a student that extends
// it with an advisor who may be null (its marks and tags private, read by
// methods), a team whose members refer back to it, an immutable linked
// list short enough to cross and one too long, coins
// whose enum constants have their value in cents and dollars, an invoice
// of the JDK's immutable values and a gauge whose field is named java,
// tiers whose enum is first used in a test after the student's process
// ended in it, an object that hands itself to a test's listener before it
// sets its field).
var finalClasses = []string{"PointTest", "SegmentTest", "StudentTest", "TeamTest", "ChainTest", "CoinTest", "InvoiceTest", "TierTest", "TrackedTest"}

// TestFinalFieldsHonest: an honest hand-in whose classes have public
// final fields passes every test that reads them, identity kept; a chain
// of objects too deep to cross fails its test with the bridge's limit;
// an enum first used after the student's process ended in a test fails
// that test alone (its fields are read at the next test's start); an
// object whose constructor hands it to a test's listener before it sets
// its field is, once made, the test's own, its field set.
func TestFinalFieldsHonest(t *testing.T) {
	o := runHandIn(t, "finalfields", false, finalClasses)
	checkFinalFields(t, o, map[string]bool{"TierTest.a1_exitThenTier": true})
	t.Logf("the long chain: %s", o.tests["ChainTest.longChainIsBounded"].message)
	if got := score(o); got["StudentTest"] != "++++" || got["TeamTest"] != "+" {
		t.Errorf("scores %v", got)
	}
}

// TestFinalFieldsWrong: a point whose constructor swaps x and y fails
// exactly the tests that see the swap, through its fields or its text.
func TestFinalFieldsWrong(t *testing.T) {
	o := runHandIn(t, "finalfields", true, finalClasses)
	checkFinalFields(t, o, map[string]bool{
		"PointTest.fieldsAreTheConstructorsArguments": true, "PointTest.translateMakesANewPoint": true,
		"PointTest.equalPoints": true, "SegmentTest.reversedSwapsTheEnds": true, "TierTest.a1_exitThenTier": true,
	})
}

// checkFinalFields checks that exactly the tests in failing fail (and
// the long chain, always, with the bridge's limit), and
// that every test ran.
func checkFinalFields(t *testing.T, o *outcome, failing map[string]bool) {
	t.Helper()
	if len(o.tests) != 23 {
		t.Errorf("%d tests in the report, want 23 (%v)", len(o.tests), score(o))
	}
	for id, r := range o.tests {
		if id == "ChainTest.longChainIsBounded" {
			if r.status == "passed" || !strings.Contains(r.message+r.detail, "BridgeLimit") || !strings.Contains(r.message, "too large or too deeply nested") {
				t.Errorf("%s: %s: %s, want the bridge's limit", id, r.status, r.message)
			}
			continue
		}
		if failing[id] != (r.status != "passed") {
			t.Errorf("%s: %s: %s\n%s", id, r.status, r.message, r.detail)
		}
	}
}

// TestFinalFieldStandins: a class's public final instance fields are
// the stand-in's, built from what crossed (its own and its superclass's);
// an enum's public final fields of plain types are its constants'; a
// public field that is not final, of a class or beside final ones, and an
// enum's public final field of a type that would cross as a handle or a
// copy, are still refused.
func TestFinalFieldStandins(t *testing.T) {
	pt := newClassBuilder().build(accPublic|accFinal|0x20, "Pt", "java/lang/Object", nil,
		[]member{{access: accPublic | accFinal, name: "x", desc: "I"}, {access: accPublic | accFinal, name: "label", desc: "Ljava/lang/String;"}},
		[]member{{access: accPublic, name: "<init>", desc: "(ILjava/lang/String;)V"}})
	base := newClassBuilder().build(accPublic|0x20, "Base", "java/lang/Object", nil,
		[]member{{access: accPublic | accFinal, name: "id", desc: "I"}}, []member{{access: accPublic, name: "<init>", desc: "(I)V"}})
	sub := newClassBuilder().build(accPublic|0x20, "Sub", "Base", nil, nil, []member{{access: accPublic, name: "<init>", desc: "(I)V"}})
	planet := newClassBuilder().build(accPublic|accFinal|accEnum|0x20, "Planet", "java/lang/Enum", nil,
		[]member{{access: accPublic | accFinal | accEnum | accStatic, name: "EARTH", desc: "LPlanet;"}, {access: accPublic | accFinal, name: "mass", desc: "D"}}, nil)
	bill := newClassBuilder().build(accPublic|0x20, "Bill", "java/lang/Object", nil,
		[]member{{access: accPublic | accFinal, name: "price", desc: "Ljava/math/BigDecimal;"}, {access: accPublic | accFinal, name: "due", desc: "Ljava/time/LocalDate;"},
			{access: accPublic | accFinal, name: "note", desc: "Ljava/util/Optional;", sig: "Ljava/util/Optional<Ljava/lang/String;>;"}}, nil)
	res, err := Standins(map[string][]byte{"Pt.class": pt, "Base.class": base, "Sub.class": sub, "Planet.class": planet, "Bill.class": bill}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string][]string{
		"Pt.java":     {"public final int x;", "public final java.lang.String label;", "this.x = (Integer) t.value(\"x\");", "t.bind(this);", "Bridge.constructThrown(\"Pt\""},
		"Base.java":   {"public final int id;", "Bridge.constructThrown(\"Base\""},
		"Planet.java": {"EARTH;", "public final double mass;", "Planet() {\n        this.mass = (Double) autograder.bridge.Bridge.enumField(this, \"Planet\", \"mass\", \"D\", Double.class);"},
		"Bill.java":   {"public final java.math.BigDecimal price;", "public final java.time.LocalDate due;", "public final java.util.Optional<java.lang.String> note;", "this.note = (java.util.Optional<java.lang.String>) t.value(\"note\");"},
		"Sub.java":    {"protected Sub(autograder.bridge.Thrown t) {\n        super(t);", "Bridge.constructThrown(\"Sub\""},
	} {
		for _, w := range want {
			if !strings.Contains(string(res.Sources[file]), w) {
				t.Errorf("%s lacks %q:\n%s", file, w, res.Sources[file])
			}
		}
	}
	for _, tc := range []struct {
		what  string
		class []byte
		want  string
	}{
		{"not final", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic, name: "x", desc: "I"}}, nil), "public field Pt.x: "},
		{"an enum's, not final", newClassBuilder().build(accPublic|accFinal|accEnum|0x20, "Planet", "java/lang/Enum", nil,
			[]member{{access: accPublic, name: "mass", desc: "D"}}, nil), "public field Planet.mass: "},
		{"an enum's, of a class", newClassBuilder().build(accPublic|accFinal|accEnum|0x20, "Planet", "java/lang/Enum", nil,
			[]member{{access: accPublic | accFinal, name: "moons", desc: "Ljava/util/List;"}}, nil), "public field Planet.moons: "},
		{"final, an array", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic | accFinal, name: "xs", desc: "[I"}}, nil), "public final field Pt.xs: what it holds can change"},
		{"final, a list", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic | accFinal, name: "songs", desc: "Ljava/util/List;"}}, nil), "public final field Pt.songs: what it holds can change"},
		{"final, an Object (a type variable's)", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic | accFinal, name: "value", desc: "Ljava/lang/Object;"}}, nil), "public final field Pt.value: what it holds can change"},
		{"final, hiding a superclass's", newClassBuilder().build(accPublic|0x20, "Dog", "Base", nil,
			[]member{{access: accPublic | accFinal, name: "id", desc: "I"}}, nil), "public final field Dog.id: it hides"},
		{"final, a Random", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic | accFinal, name: "rng", desc: "Ljava/util/Random;"}}, nil), "public final field Pt.rng: what it holds can change"},
		{"final, an Optional of a list", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic | accFinal, name: "tags", desc: "Ljava/util/Optional;", sig: "Ljava/util/Optional<Ljava/util/List<Ljava/lang/String;>;>;"}}, nil), "public final field Pt.tags: what it holds can change"},
		{"final, an Optional of anything", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic | accFinal, name: "any", desc: "Ljava/util/Optional;"}}, nil), "public final field Pt.any: what it holds can change"},
		{"final, a Date", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic | accFinal, name: "when", desc: "Ljava/util/Date;"}}, nil), "public final field Pt.when: what it holds can change"},
		{"final, named autograder", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic | accFinal, name: "autograder", desc: "I"}}, nil), "field Pt.autograder: the name autograder is the grader's own"},
		{"a constant named autograder", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic | accFinal, name: "y", desc: "I"}, {access: accPublic | accFinal | accStatic, name: "autograder", desc: "Ljava/lang/String;"}}, nil), "field Pt.autograder: the name autograder is the grader's own"},
		{"an enum constant named autograder", newClassBuilder().build(accPublic|accFinal|accEnum|0x20, "Pt", "java/lang/Enum", nil,
			[]member{{access: accPublic | accFinal | accEnum | accStatic, name: "autograder", desc: "LPt;"}}, nil), "enum Pt: constant autograder: the name autograder is the grader's own"},
		{"1001 final fields", newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil, manyFields(1001), nil), "class Pt: 1001 public fields, more than the 1000"},
	} {
		_, err := Standins(map[string][]byte{"X.class": tc.class, "Base.class": base}, Options{})
		var le *LoadError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "Pt.y") {
			t.Errorf("%s: error %.300v, want a LoadError with %q alone", tc.what, err, tc.want)
		}
	}
	if _, err := Standins(map[string][]byte{"Pt.class": newClassBuilder().build(accPublic|0x20, "Pt", "java/lang/Object", nil, manyFields(1000), nil)}, Options{}); err != nil {
		t.Errorf("1000 final fields: %.300v", err)
	}
	// a static field that is not final, of a plain type: the student's
	// value, read again after each call; of another type, refused
	ticket := newClassBuilder().build(accPublic|0x20, "Ticket", "java/lang/Object", nil,
		[]member{{access: accPublic | accStatic, name: "issued", desc: "I"}, {access: accPublic | accStatic, name: "last", desc: "Ljava/lang/String;"}}, nil)
	res, err = Standins(map[string][]byte{"Ticket.class": ticket}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"public static int issued = (Integer) autograder.bridge.Bridge.watchStatic(Ticket.class, \"Ticket\", \"issued\", \"I\", int.class);",
		"public static java.lang.String last = (java.lang.String) autograder.bridge.Bridge.watchStatic(Ticket.class, \"Ticket\", \"last\", \"Ljava/lang/String;\", java.lang.String.class);"} {
		if !strings.Contains(string(res.Sources["Ticket.java"]), w) {
			t.Errorf("Ticket.java lacks %q:\n%s", w, res.Sources["Ticket.java"])
		}
	}
	list := newClassBuilder().build(accPublic|0x20, "Roll", "java/lang/Object", nil, []member{{access: accPublic | accStatic, name: "names", desc: "Ljava/util/List;"}}, nil)
	if _, err := Standins(map[string][]byte{"Roll.class": list}, Options{}); err == nil || !strings.Contains(err.Error(), "public field Roll.names: ") {
		t.Errorf("a static List that is not final: %.300v, want it refused", err)
	}
}

// manyFields are n public final int fields, f0 to f(n-1).
func manyFields(n int) []member {
	var out []member
	for i := range n {
		out = append(out, member{access: accPublic | accFinal, name: fmt.Sprintf("f%d", i), desc: "I"})
	}
	return out
}
