package javabridge

import (
	"fmt"
	"strings"
)

// A class's public final instance fields cross with its handle: the
// stand-in holds their values as the object crossed (a final field cannot
// change after the constructor), built, as an exception's is, from a
// Thrown.

// plainClass says whether the stand-in is a class of its own (neither an
// exception, an interface nor an enum): its public final instance fields
// cross with its handle.
func (w *writer) plainClass() bool {
	c := w.st.c
	return !w.exc && c.Access&(accInterface|accEnum|accAnnotation) == 0
}

// carries says whether the stand-in of the student's class name, or of one
// of its student superclasses, holds public final instance fields: its
// stand-in is then built from a Thrown (the handle and the fields' values)
// rather than from a bare handle.
func (g *gen) carries(name string) bool {
	for n := 0; n < 64 && g.standin[name]; n++ {
		c := g.all[name].c
		for _, f := range c.Fields {
			if f.Access&(accPublic|accFinal|accStatic|accSynthetic) == accPublic|accFinal {
				return true
			}
		}
		name = c.Super
	}
	return false
}

// carriable says whether a class's public final instance field f holds
// a value that cannot change once it crossed (settled, a student's object
// included, which crosses as itself: a handle). An array, a collection or
// any other object of the JDK's (or a type variable's, which may be one)
// can change under a final field, and the tests would read the copy that
// crossed with the object: refused.
func (w *writer) carriable(f Member) bool {
	t, ok := w.declared(f)
	return ok && w.g.settled(t, true)
}

// declared is f's type, its type arguments those of its generic
// signature when it has one (Optional<String>); false when either is
// malformed.
func (w *writer) declared(f Member) (*jtype, bool) {
	s := f.Descriptor
	if f.Signature != "" {
		s = f.Signature
	}
	t, err := parseField(s)
	return t, err == nil
}

// hidden says whether a student superclass of the stand-in's class has a
// public instance field named name: a subclass's field of that name hides
// it, and the tests would read one where Java reads the other.
func (w *writer) hidden(name string) bool {
	for super, n := w.st.c.Super, 0; n < 64 && w.g.standin[super]; n++ {
		c := w.g.all[super].c
		for _, f := range c.Fields {
			if f.Name == name && f.Access&(accPublic|accStatic) == accPublic {
				return true
			}
		}
		super = c.Super
	}
	return false
}

// byValue are the classes whose objects cross by value and cannot
// change (Values.java: its scalars, TEXT_VALUES and primitive optionals):
// String, the boxes, BigInteger and BigDecimal, java.time's values, UUID,
// OptionalInt, OptionalLong and OptionalDouble. Their values are plain (no
// handle, which would not outlive the student's process an enum's
// constant was read from). Every class here must cross as a method's
// result does, or a field holding one would fail every test of its class
// (TestFinalFieldsHonest reads one of each).
var byValue = setOf(`java/lang/String java/lang/Integer java/lang/Long java/lang/Short java/lang/Byte
java/lang/Character java/lang/Boolean java/lang/Double java/lang/Float
java/math/BigInteger java/math/BigDecimal
java/time/LocalDate java/time/LocalTime java/time/LocalDateTime java/time/Instant java/time/Duration
java/time/Period java/time/Year java/time/YearMonth java/time/MonthDay java/time/OffsetDateTime
java/time/ZonedDateTime java/util/UUID
java/util/OptionalInt java/util/OptionalLong java/util/OptionalDouble`)

// settled says whether a value of type t cannot change once it crossed:
// a primitive; one of byValue; a constant of a public enum of the JDK's
// (which crosses by name); an Optional of a settled type; and, when
// handles, a student's object, which crosses as itself. Never an array,
// a type variable or another class of the JDK's.
func (g *gen) settled(t *jtype, handles bool) bool {
	switch {
	case t.dims != 0 || t.tvar != "":
		return false
	case t.prim != 0, byValue[t.class]:
		return true
	case t.class == "java/util/Optional":
		return len(t.args) == 1 && (t.args[0].wild == 0 || t.args[0].wild == '+') && g.settled(t.args[0].t, handles)
	case g.standin[t.class]:
		return handles
	}
	return g.jdkEnum(t.class)
}

// jdkEnum says whether bin is a public enum of the JDK's (DayOfWeek,
// RoundingMode), read from the run-time image: its constants cross by
// name, and a final field's constant cannot change.
func (g *gen) jdkEnum(bin string) bool {
	if g.jdk == nil || !jdkClass(bin) {
		return false
	}
	c, err := g.jdk.class(bin)
	return err == nil && c != nil && c.Access&(accPublic|accEnum) == accPublic|accEnum
}

// enumFinal says whether f is an enum's public final instance field of a
// plain type (settled, no handle): its stand-in's constants read it from
// the student's constants once, as the enum loads (enumFields).
func (w *writer) enumFinal(f Member) bool {
	if w.st.c.Access&accEnum == 0 || f.Access&(accStatic|accFinal|accEnum) != accFinal {
		return false
	}
	t, ok := w.declared(f)
	return ok && w.g.settled(t, false)
}

// enumFields writes an enum's public final fields of plain types and the
// constructor of its constants that reads them, each constant's own
// value, from the student's.
func (w *writer) enumFields() {
	var reads []string
	for _, f := range w.st.c.Fields {
		if f.Access&accPublic == 0 || !w.enumFinal(f) || !validIdent(f.Name) {
			continue
		}
		t, typ, err := w.fieldType(f)
		if err != nil {
			w.fail("field %s.%s: %v", w.dotted(), f.Name, err)
			continue
		}
		erased, err := w.erased(f)
		if err != nil {
			w.fail("field %s.%s: %v", w.dotted(), f.Name, err)
			continue
		}
		fmt.Fprintf(w.b, "\n    public final %s %s;\n", typ, f.Name)
		reads = append(reads, fmt.Sprintf("        this.%s = (%s) autograder.bridge.Bridge.enumField(this, %s, %s, %s, %s.class);\n",
			f.Name, boxed(t, typ), lit(w.dotted()), lit(f.Name), lit(f.Descriptor), erased))
	}
	if len(reads) > 0 {
		fmt.Fprintf(w.b, "\n    %s() {\n%s    }\n", w.name(), strings.Join(reads, ""))
	}
}

// erased is the class an instance field's value decodes to, as a class
// literal names it: its descriptor's type, boxed (Integer, Optional).
func (w *writer) erased(f Member) (string, error) {
	t, err := parseField(f.Descriptor)
	if err != nil {
		return "", err
	}
	typ, err := t.render(w.g.typeName, nil)
	return boxed(t, typ), err
}

// fieldType is an instance field's type as the stand-in declares it: its
// generic signature's (T, List<T>, in the class's type variables) when it
// has one, else its descriptor's.
func (w *writer) fieldType(f Member) (*jtype, string, error) {
	if f.Signature != "" && !w.exc {
		t, err := parseField(f.Signature)
		if err != nil {
			return nil, "", err
		}
		typ, err := t.render(w.g.typeName, w.tvars)
		return t, typ, err
	}
	t, err := parseField(f.Descriptor)
	if err != nil {
		return nil, "", err
	}
	typ, err := t.render(w.g.typeName, nil)
	return t, typ, err
}
