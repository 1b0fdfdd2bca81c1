package javabridge

import "strings"

// A student's abstract class may leave a method of its interfaces to its
// subclasses (an abstract Polygon implements Shape without area()); so
// may an enum whose constants each have a body. A stand-in is never
// abstract (it stands for any object of the class, a subclass's the tests
// cannot name included) and an enum's constants have no bodies, so such a
// stand-in forwards those methods itself: the call names the student's
// class, and the student's process runs the object's own method.

// objectMethods are Object's public methods an interface may declare
// again (Comparator's equals): every class has them already.
var objectMethods = setOf(`equals(Ljava/lang/Object;) hashCode() toString()`)

// leftAbstract are the abstract methods a stand-in's class has from the
// interfaces it implements that neither it nor a student superclass
// declares (an abstract superclass's stand-in forwards those it leaves
// itself), nor the stand-in already forwards
// (written: keys by name and parameters), each once, with the class's
// type arguments put in. An interface that cannot be read (an
// instructor's, or the JDK's without its image) adds none.
func (w *writer) leftAbstract(written map[string]bool) []jdkMethod {
	declared := map[string]bool{}
	for k := range written {
		declared[k] = true
	}
	for name, n := w.st.c.Name, 0; w.g.standin[name] && n < maxJDKTypes; n++ {
		for _, m := range w.g.all[name].c.Methods {
			declared[m.Name+paramsOf(m.Descriptor)] = true
		}
		name = w.g.all[name].c.Super
	}
	var todo []*jtype
	for i, iface := range w.st.c.Interfaces {
		t := &jtype{class: iface}
		if w.st.sig != nil {
			t = w.st.sig.ifaces[i]
		}
		todo = append(todo, t)
	}
	var out []jdkMethod
	visited := map[string]bool{}
	for i := 0; i < len(todo) && i < maxJDKTypes; i++ {
		t := todo[i]
		if visited[t.class] {
			continue
		}
		visited[t.class] = true
		ic, env, sig := w.interfaceType(t)
		if ic == nil {
			continue
		}
		out = append(out, abstractMethods(ic, env, w.bounds(), declared)...)
		for j, name := range ic.Interfaces {
			next := &jtype{class: name}
			if sig != nil && env != nil {
				next = subst(sig.ifaces[j], env, nil)
			}
			todo = append(todo, next)
		}
	}
	return out
}

// interfaceType reads the interface t names (a student's stand-in or the
// JDK's) and binds its type parameters to t's arguments (env nil: raw).
func (w *writer) interfaceType(t *jtype) (*Class, map[string]*jtype, *classSig) {
	if st := w.g.all[t.class]; st != nil && w.g.standin[t.class] {
		if st.sig == nil {
			return st.c, map[string]*jtype{}, nil
		}
		if len(t.args) != len(st.sig.tparams) {
			return st.c, nil, st.sig
		}
		env := map[string]*jtype{}
		for i, tp := range st.sig.tparams {
			if t.args[i].wild != 0 {
				return st.c, nil, st.sig
			}
			env[tp.name] = t.args[i].t
		}
		return st.c, env, st.sig
	}
	if w.g.jdk == nil || !jdkClass(t.class) {
		return nil, nil, nil
	}
	jc, env, sig, err := w.g.jdkType(t)
	if err != nil {
		return nil, nil, nil
	}
	return jc, env, sig
}

// abstractMethods are ic's abstract instance methods not declared (by
// erased parameters, as declared or with env's type arguments put in;
// bounds are the first bounds of the class's type variables), each
// marked declared once taken.
func abstractMethods(ic *Class, env, bounds map[string]*jtype, declared map[string]bool) []jdkMethod {
	var out []jdkMethod
	for _, m := range ic.Methods {
		if m.Access&accAbstract == 0 || m.Access&(accStatic|accSynthetic|accBridge|accPrivate) != 0 || strings.HasPrefix(m.Name, "<") {
			continue
		}
		key := m.Name + paramsOf(m.Descriptor)
		if objectMethods[key] || declared[key] {
			continue
		}
		desc, err := parseMethod(m.Descriptor)
		if err != nil {
			continue // the interface's own stand-in says why
		}
		sig := desc
		if m.Signature != "" && env != nil {
			if s, err := parseMethod(m.Signature); err == nil && len(s.params) == len(desc.params) {
				sig = substMethod(s, env)
			}
		}
		typed := m.Name + erasedParams(sig, bounds)
		if declared[typed] {
			continue
		}
		declared[key], declared[typed] = true, true
		out = append(out, jdkMethod{m: m, sig: sig})
	}
	return out
}

// abstractForwards writes leftAbstract's methods (written: the methods
// the stand-in forwards from a JDK superclass).
func (w *writer) abstractForwards(written map[string]bool) {
	c := w.st.c
	if c.Access&accAbstract == 0 && c.Access&accEnum == 0 {
		return
	}
	for _, jm := range w.leftAbstract(written) {
		m := jm.m
		m.Access = accPublic | m.Access&accVarargs
		if err := w.forward(m, jm.sig); err != nil {
			w.fail("class %s: the method %s it has from its interfaces: %v", w.dotted(), m.Name, err)
		}
	}
}
