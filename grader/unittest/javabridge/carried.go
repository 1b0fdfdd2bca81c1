package javabridge

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
