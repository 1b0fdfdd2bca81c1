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
// a value that cannot change once it crossed: a primitive, a box or a
// String (byValue), or a student's object, which crosses as itself (a
// handle). An array, a collection or any other object of the JDK's (or a
// type variable's, which may be one) can change under a final field, and
// the tests would read the copy that crossed with the object: refused.
func (w *writer) carriable(f Member) bool {
	t, err := parseField(f.Descriptor)
	return err == nil && t.dims == 0 && (t.prim != 0 || byValue[t.class] || w.g.standin[t.class])
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

// byValue are the types of an enum's public final fields that cross:
// those whose values are plain (no handle, which would not outlive the
// student's process the constant was read from).
var byValue = setOf(`java/lang/String java/lang/Integer java/lang/Long java/lang/Short java/lang/Byte
java/lang/Character java/lang/Boolean java/lang/Double java/lang/Float`)

// enumFinal says whether f is an enum's public final instance field of a
// plain type: its stand-in's constants read it from the student's
// constants once, as the enum loads (enumFields).
func (w *writer) enumFinal(f Member) bool {
	if w.st.c.Access&accEnum == 0 || f.Access&(accStatic|accFinal|accEnum) != accFinal {
		return false
	}
	t, err := parseField(f.Descriptor)
	return err == nil && t.dims == 0 && (t.prim != 0 || byValue[t.class])
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
		fmt.Fprintf(w.b, "\n    public final %s %s;\n", typ, f.Name)
		reads = append(reads, fmt.Sprintf("        this.%s = (%s) autograder.bridge.Bridge.enumField(this, %s, %s, %s, %s.class);\n",
			f.Name, boxed(t, typ), lit(w.dotted()), lit(f.Name), lit(f.Descriptor), boxed(t, typ)))
	}
	if len(reads) > 0 {
		fmt.Fprintf(w.b, "\n    %s() {\n%s    }\n", w.name(), strings.Join(reads, ""))
	}
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
