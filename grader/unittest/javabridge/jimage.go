package javabridge

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// jimage reads class files from a JDK's run-time image (lib/modules, the
// "jimage" format of JDK 9 and later): a header, a perfect-hash index of
// resource names and the resources. It reads only what a lookup needs
// (the index once, then one resource at a time), and refuses what it does
// not know (another version, a compressed resource).
type jimage struct {
	f         io.ReaderAt
	order     binary.ByteOrder
	redirect  []int32
	offsets   []uint32
	locations []byte
	strings   []byte
	base      int64 // where the resources start
}

const (
	jimageMagic  = 0xCAFEDADA
	jimageHeader = 7 * 4
	jimageHash   = 0x01000193
	// maxJimageIndex bounds the index read into memory (the JDK 25's is
	// about 1.4 MB).
	maxJimageIndex = 64 << 20
)

// openJimage reads a run-time image's header and index.
func openJimage(f io.ReaderAt) (*jimage, error) {
	h := make([]byte, jimageHeader)
	if _, err := f.ReadAt(h, 0); err != nil {
		return nil, err
	}
	img := &jimage{f: f, order: binary.LittleEndian}
	if img.order.Uint32(h) != jimageMagic {
		img.order = binary.BigEndian
		if img.order.Uint32(h) != jimageMagic {
			return nil, errors.New("not a run-time image (bad magic number)")
		}
	}
	word := func(i int) int64 { return int64(img.order.Uint32(h[4*i:])) }
	if v := word(1); v>>16 != 1 {
		return nil, fmt.Errorf("run-time image version %d.%d not supported", v>>16, v&0xffff)
	}
	table, locs, strs := word(4), word(5), word(6)
	size := table*8 + locs + strs
	if table <= 0 || size > maxJimageIndex {
		return nil, errors.New("run-time image index of an unexpected size")
	}
	idx := make([]byte, size)
	if _, err := f.ReadAt(idx, jimageHeader); err != nil {
		return nil, err
	}
	img.redirect = make([]int32, table)
	img.offsets = make([]uint32, table)
	for i := range table {
		img.redirect[i] = int32(img.order.Uint32(idx[4*i:]))
		img.offsets[i] = img.order.Uint32(idx[4*(table+i):])
	}
	img.locations = idx[8*table : 8*table+locs]
	img.strings = idx[8*table+locs:]
	img.base = jimageHeader + size
	return img, nil
}

// jimageHashOf is the image's hash of a name (FNV-1 style over its bytes).
func jimageHashOf(s string, seed int32) int32 {
	h := seed
	for i := 0; i < len(s); i++ {
		h = h*jimageHash ^ int32(s[i])
	}
	return h & 0x7fffffff
}

// location attributes
const (
	locEnd = iota
	locModule
	locParent
	locBase
	locExtension
	locOffset
	locCompressed
	locUncompressed
	locCount
)

// read gives the resource "/module/path" (a class: "/java.base/java/lang/
// Object.class"), or nil when the image has none of that name.
func (img *jimage) read(name string) ([]byte, error) {
	n := int32(len(img.redirect))
	i := img.redirect[jimageHashOf(name, jimageHash)%n]
	switch {
	case i < 0:
		i = -i - 1
	case i > 0:
		i = jimageHashOf(name, i) % n
	default:
		return nil, nil
	}
	if i < 0 || i >= n {
		return nil, errors.New("run-time image: a malformed index")
	}
	attr, err := img.location(img.offsets[i])
	if err != nil {
		return nil, err
	}
	if img.fullName(attr) != name {
		return nil, nil
	}
	if attr[locCompressed] != 0 {
		return nil, fmt.Errorf("run-time image: %s is compressed", name)
	}
	if attr[locUncompressed] > MaxClassSize {
		return nil, fmt.Errorf("run-time image: %s is too big", name)
	}
	b := make([]byte, attr[locUncompressed])
	_, err = img.f.ReadAt(b, img.base+int64(attr[locOffset]))
	return b, err
}

// location decodes one entry of the location table.
func (img *jimage) location(off uint32) ([locCount]uint64, error) {
	var attr [locCount]uint64
	for p := int(off); ; {
		if p >= len(img.locations) {
			return attr, errors.New("run-time image: a malformed location")
		}
		kind, size := int(img.locations[p]>>3), int(img.locations[p]&7)+1
		if kind == locEnd {
			return attr, nil
		}
		if kind >= locCount || p+1+size > len(img.locations) {
			return attr, errors.New("run-time image: a malformed location")
		}
		var v uint64
		for _, c := range img.locations[p+1 : p+1+size] {
			v = v<<8 | uint64(c)
		}
		attr[kind] = v
		p += 1 + size
	}
}

// str is the string at an offset of the strings table.
func (img *jimage) str(off uint64) string {
	if off >= uint64(len(img.strings)) {
		return ""
	}
	s := img.strings[off:]
	for i, c := range s {
		if c == 0 {
			return string(s[:i])
		}
	}
	return ""
}

// fullName is a location's name: "/module/parent/base.extension".
func (img *jimage) fullName(attr [locCount]uint64) string {
	s := ""
	if m := img.str(attr[locModule]); m != "" {
		s = "/" + m + "/"
	}
	if p := img.str(attr[locParent]); p != "" {
		s += p + "/"
	}
	s += img.str(attr[locBase])
	if e := img.str(attr[locExtension]); e != "" {
		s += "." + e
	}
	return s
}

// openJimageFile opens a JDK's lib/modules; the file stays open for the
// life of the process (one per JDK, see jdkOf).
func openJimageFile(path string) (*jimage, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	img, err := openJimage(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}
