package javabridge

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unicode/utf16"
)

// MaxClassSize bounds one class file: a student's class is data, and a
// bigger one than any honest class is refused before it is read.
const MaxClassSize = 4 << 20

// Access flags, as the JVM specification numbers them.
const (
	accPublic     = 0x0001
	accPrivate    = 0x0002
	accProtected  = 0x0004
	accStatic     = 0x0008
	accFinal      = 0x0010
	accBridge     = 0x0040
	accVarargs    = 0x0080
	accInterface  = 0x0200
	accAbstract   = 0x0400
	accSynthetic  = 0x1000
	accAnnotation = 0x2000
	accEnum       = 0x4000
	accModule     = 0x8000
)

// Class is what the bridge needs of one class file: its names, its
// members and their types, with every index into the constant pool
// already resolved and checked.
type Class struct {
	Access     uint16
	Name       string // binary name with slashes ("pkg/Fraction")
	Super      string // "" for java/lang/Object itself
	Interfaces []string
	Signature  string // generic class signature, "" when none
	Fields     []Member
	Methods    []Member
	Inner      []InnerClass
	// Finalizes: the class declares finalize() or names a class of
	// java.lang.ref through which collection runs its code (finalizing).
	Finalizes bool
}

// Member is a field or a method.
type Member struct {
	Access     uint16
	Name       string
	Descriptor string
	Signature  string   // generic signature, "" when none
	Exceptions []string // a method's declared exceptions (binary names)
	Constant   any      // a field's ConstantValue: int32, int64, float32, float64 or []uint16 (a string)
}

// InnerClass is one row of the InnerClasses attribute.
type InnerClass struct {
	Inner, Outer, Name string // Outer and Name "" for local and anonymous classes
	Access             uint16
}

// Constant pool tags.
const (
	tagUtf8        = 1
	tagInteger     = 3
	tagFloat       = 4
	tagLong        = 5
	tagDouble      = 6
	tagClass       = 7
	tagString      = 8
	tagFieldref    = 9
	tagMethodref   = 10
	tagIfaceMref   = 11
	tagNameType    = 12
	tagMethodHdl   = 15
	tagMethodType  = 16
	tagDynamic     = 17
	tagInvokeDyn   = 18
	tagModule      = 19
	tagPackage     = 20
	cpEntryMaxSize = 65535
)

type cpEntry struct {
	tag  byte
	utf  []uint16 // tagUtf8, decoded from modified UTF-8
	num  uint64   // numeric constants' bits; tagClass/tagString: the index
	text string   // tagUtf8 as a Go string (lone surrogates as U+FFFD)
}

// reader reads big-endian numbers from a class file; its first error
// sticks, and every later read returns zero.
type reader struct {
	b   []byte
	err error
}

var errShort = errors.New("truncated")

func (r *reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b) {
		r.err = errShort
		return nil
	}
	p := r.b[:n]
	r.b = r.b[n:]
	return p
}

func (r *reader) u1() byte {
	if p := r.take(1); p != nil {
		return p[0]
	}
	return 0
}

func (r *reader) u2() uint16 {
	if p := r.take(2); p != nil {
		return binary.BigEndian.Uint16(p)
	}
	return 0
}

func (r *reader) u4() uint32 {
	if p := r.take(4); p != nil {
		return binary.BigEndian.Uint32(p)
	}
	return 0
}

// ReadClass reads one class file. It never trusts a count: every list is
// read item by item from bytes that are there, so a file claims no more
// memory than its own size.
func ReadClass(data []byte) (*Class, error) {
	if len(data) > MaxClassSize {
		return nil, fmt.Errorf("class file of %d bytes, over the limit of %d", len(data), MaxClassSize)
	}
	r := &reader{b: data}
	if r.u4() != 0xCAFEBABE {
		return nil, errors.New("not a class file (bad magic number)")
	}
	r.u2() // minor
	if major := r.u2(); major < 45 || major > 70 {
		return nil, fmt.Errorf("class file version %d not supported", major)
	}
	cp, err := readPool(r)
	if err != nil {
		return nil, err
	}
	c, err := readBody(r, cp)
	if err != nil {
		return nil, err
	}
	if len(r.b) != 0 {
		return nil, errors.New("bytes after the end of the class")
	}
	c.Finalizes = finalizing(c, cp)
	return c, nil
}

// refCleanup are the classes of java.lang.ref whose use has collection
// run a class's code: a Cleaner's actions, a PhantomReference (or any
// reference) a ReferenceQueue hands its code.
var refCleanup = map[string]bool{"java/lang/ref/Cleaner": true, "java/lang/ref/PhantomReference": true, "java/lang/ref/ReferenceQueue": true}

// finalizing reports whether collecting objects runs c's code: c declares
// an instance method finalize() (run by the JVM's finalizer), or its
// constant pool names one of refCleanup (a call to Cleaner.register, a
// PhantomReference made or extended, a ReferenceQueue polled). Read from
// the class file as compiled; code that reaches them by reflection alone
// is not seen.
func finalizing(c *Class, cp []cpEntry) bool {
	for _, m := range c.Methods {
		if m.Name == "finalize" && m.Descriptor == "()V" && m.Access&accStatic == 0 {
			return true
		}
	}
	for _, e := range cp {
		if e.tag == tagClass {
			if n, err := utf8At(cp, uint16(e.num)); err == nil && refCleanup[n] {
				return true
			}
		}
	}
	return false
}

func readPool(r *reader) ([]cpEntry, error) {
	n := int(r.u2())
	if n == 0 {
		return nil, errors.New("empty constant pool")
	}
	// Each entry takes at least 3 bytes: a count over what is left is a lie.
	if (n-1)*3 > len(r.b) {
		return nil, errShort
	}
	cp := make([]cpEntry, n)
	for i := 1; i < n; i++ {
		e, wide, err := readEntry(r)
		if err != nil {
			return nil, fmt.Errorf("constant pool entry %d: %w", i, err)
		}
		cp[i] = e
		if wide {
			i++ // longs and doubles take two slots
		}
	}
	return cp, r.err
}

func readEntry(r *reader) (cpEntry, bool, error) {
	tag := r.u1()
	e := cpEntry{tag: tag}
	switch tag {
	case tagUtf8:
		b := r.take(int(r.u2()))
		if r.err != nil {
			return e, false, r.err
		}
		u, err := decodeMUTF8(b)
		if err != nil {
			return e, false, err
		}
		e.utf, e.text = u, string(utf16.Decode(u))
	case tagInteger, tagFloat:
		e.num = uint64(r.u4())
	case tagLong, tagDouble:
		e.num = uint64(r.u4())<<32 | uint64(r.u4())
		return e, true, r.err
	case tagClass, tagString, tagMethodType, tagModule, tagPackage:
		e.num = uint64(r.u2())
	case tagFieldref, tagMethodref, tagIfaceMref, tagNameType, tagDynamic, tagInvokeDyn:
		r.take(4)
	case tagMethodHdl:
		r.take(3)
	default:
		return e, false, fmt.Errorf("unknown tag %d", tag)
	}
	return e, false, r.err
}

// decodeMUTF8 decodes the JVM's modified UTF-8 into UTF-16 code units,
// strictly: no NUL byte, no 4-byte form, no overlong form but C0 80.
func decodeMUTF8(b []byte) ([]uint16, error) {
	out := make([]uint16, 0, len(b))
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c != 0 && c < 0x80:
			out = append(out, uint16(c))
			i++
		case c&0xE0 == 0xC0 && i+1 < len(b) && b[i+1]&0xC0 == 0x80:
			v := uint16(c&0x1F)<<6 | uint16(b[i+1]&0x3F)
			if v < 0x80 && v != 0 {
				return nil, errors.New("overlong modified UTF-8")
			}
			out = append(out, v)
			i += 2
		case c&0xF0 == 0xE0 && i+2 < len(b) && b[i+1]&0xC0 == 0x80 && b[i+2]&0xC0 == 0x80:
			v := uint16(c&0x0F)<<12 | uint16(b[i+1]&0x3F)<<6 | uint16(b[i+2]&0x3F)
			if v < 0x800 {
				return nil, errors.New("overlong modified UTF-8")
			}
			out = append(out, v)
			i += 3
		default:
			return nil, errors.New("bad modified UTF-8")
		}
	}
	return out, nil
}

func utf8At(cp []cpEntry, i uint16) (string, error) {
	if int(i) >= len(cp) || i == 0 || cp[i].tag != tagUtf8 {
		return "", fmt.Errorf("constant pool index %d is not a name", i)
	}
	return cp[i].text, nil
}

func classAt(cp []cpEntry, i uint16) (string, error) {
	if int(i) >= len(cp) || i == 0 || cp[i].tag != tagClass {
		return "", fmt.Errorf("constant pool index %d is not a class", i)
	}
	return utf8At(cp, uint16(cp[i].num))
}

func readBody(r *reader, cp []cpEntry) (*Class, error) {
	c := &Class{Access: r.u2()}
	var err error
	if c.Name, err = classAt(cp, r.u2()); err != nil {
		return nil, fmt.Errorf("this class: %w", err)
	}
	if s := r.u2(); s != 0 {
		if c.Super, err = classAt(cp, s); err != nil {
			return nil, fmt.Errorf("super class: %w", err)
		}
	}
	for n := int(r.u2()); n > 0 && r.err == nil; n-- {
		name, err := classAt(cp, r.u2())
		if err != nil {
			return nil, fmt.Errorf("interface: %w", err)
		}
		c.Interfaces = append(c.Interfaces, name)
	}
	if c.Fields, err = readMembers(r, cp, false); err != nil {
		return nil, err
	}
	if c.Methods, err = readMembers(r, cp, true); err != nil {
		return nil, err
	}
	if err := readAttrs(r, cp, func(name string, a *reader) error { return classAttr(c, name, a, cp) }); err != nil {
		return nil, err
	}
	return c, r.err
}

func readMembers(r *reader, cp []cpEntry, methods bool) ([]Member, error) {
	var ms []Member
	for n := int(r.u2()); n > 0 && r.err == nil; n-- {
		m := Member{Access: r.u2()}
		var err error
		if m.Name, err = utf8At(cp, r.u2()); err != nil {
			return nil, err
		}
		if m.Descriptor, err = utf8At(cp, r.u2()); err != nil {
			return nil, err
		}
		err = readAttrs(r, cp, func(name string, a *reader) error { return memberAttr(&m, name, a, cp, methods) })
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m.Name, err)
		}
		ms = append(ms, m)
	}
	return ms, r.err
}

// readAttrs reads an attribute table and hands each attribute, as its own
// bounded reader, to f.
func readAttrs(r *reader, cp []cpEntry, f func(string, *reader) error) error {
	for n := int(r.u2()); n > 0 && r.err == nil; n-- {
		name, err := utf8At(cp, r.u2())
		if err != nil {
			return err
		}
		body := r.take(int(r.u4() & math.MaxInt32))
		if r.err != nil {
			return r.err
		}
		if err := f(name, &reader{b: body}); err != nil {
			return fmt.Errorf("attribute %s: %w", name, err)
		}
	}
	return r.err
}

func classAttr(c *Class, name string, a *reader, cp []cpEntry) error {
	var err error
	switch name {
	case "Signature":
		c.Signature, err = utf8At(cp, a.u2())
	case "InnerClasses":
		c.Inner, err = readInner(a, cp)
	default:
		return nil
	}
	if err == nil {
		err = a.err
	}
	return err
}

func readInner(a *reader, cp []cpEntry) ([]InnerClass, error) {
	var ics []InnerClass
	for n := int(a.u2()); n > 0 && a.err == nil; n-- {
		var ic InnerClass
		var err error
		if ic.Inner, err = classAt(cp, a.u2()); err != nil {
			return nil, err
		}
		if o := a.u2(); o != 0 {
			if ic.Outer, err = classAt(cp, o); err != nil {
				return nil, err
			}
		}
		if s := a.u2(); s != 0 {
			if ic.Name, err = utf8At(cp, s); err != nil {
				return nil, err
			}
		}
		ic.Access = a.u2()
		ics = append(ics, ic)
	}
	return ics, a.err
}

func memberAttr(m *Member, name string, a *reader, cp []cpEntry, method bool) error {
	var err error
	switch {
	case name == "Signature":
		m.Signature, err = utf8At(cp, a.u2())
	case name == "Exceptions" && method:
		for n := int(a.u2()); n > 0 && a.err == nil && err == nil; n-- {
			var e string
			if e, err = classAt(cp, a.u2()); err == nil {
				m.Exceptions = append(m.Exceptions, e)
			}
		}
	case name == "ConstantValue" && !method:
		m.Constant, err = constantAt(cp, a.u2())
	default:
		return nil
	}
	if err == nil {
		err = a.err
	}
	return err
}

func constantAt(cp []cpEntry, i uint16) (any, error) {
	if int(i) >= len(cp) || i == 0 {
		return nil, fmt.Errorf("constant pool index %d out of range", i)
	}
	e := cp[i]
	switch e.tag {
	case tagInteger:
		return int32(uint32(e.num)), nil
	case tagFloat:
		return math.Float32frombits(uint32(e.num)), nil
	case tagLong:
		return int64(e.num), nil
	case tagDouble:
		return math.Float64frombits(e.num), nil
	case tagString:
		if int(e.num) >= len(cp) || cp[e.num].tag != tagUtf8 {
			return nil, fmt.Errorf("constant pool index %d is not a string", i)
		}
		return cp[e.num].utf, nil
	}
	return nil, fmt.Errorf("constant pool index %d is not a constant", i)
}
