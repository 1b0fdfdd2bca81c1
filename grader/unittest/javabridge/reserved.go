package javabridge

// frameworkNames are simple names a student's top-level class may not
// take whatever the tests import: the classes of java.lang, which every
// source imports on demand, as of JDK 17. A class of the tests' own
// (default) package shadows a type imported on demand (JLS 6.4.1), so a
// student's String would be the tests' String. The types of the packages
// the tests import on demand themselves (import org.junit.jupiter.api.*,
// where a student's Assertions would judge the tests) come from
// ImportedNames; a single-type import (import org.junit.jupiter.api.Order)
// shadows the student's class in that file, so it reserves nothing.
var frameworkNames = setOf(`
AbstractMethodError AbstractStringBuilder Appendable ApplicationShutdownHooks
ArithmeticException ArrayIndexOutOfBoundsException ArrayStoreException
AssertionError AssertionStatusDirectives AutoCloseable Boolean
BootstrapMethodError Byte CharSequence Character CharacterData CharacterData00
CharacterData01 CharacterData02 CharacterData03 CharacterData0E
CharacterDataLatin1 CharacterDataPrivateUse CharacterDataUndefined
CharacterName Class ClassCastException ClassCircularityError ClassFormatError
ClassLoader ClassNotFoundException ClassValue CloneNotSupportedException
Cloneable Comparable Compiler CompoundEnumeration ConditionalSpecialCasing
Deprecated Double Enum EnumConstantNotPresentException Error Exception
ExceptionInInitializerError FdLibm Float FunctionalInterface
IllegalAccessError IllegalAccessException IllegalArgumentException
IllegalCallerException IllegalMonitorStateException IllegalStateException
IllegalThreadStateException IncompatibleClassChangeError
IndexOutOfBoundsException InheritableThreadLocal InstantiationError
InstantiationException Integer InternalError InterruptedException Iterable
LayerInstantiationException LinkageError LiveStackFrame LiveStackFrameInfo
Long Math Module ModuleLayer NamedPackage NegativeArraySizeException
NoClassDefFoundError NoSuchFieldError NoSuchFieldException NoSuchMethodError
NoSuchMethodException NullPointerException Number NumberFormatException Object
OutOfMemoryError Override Package Process ProcessBuilder ProcessEnvironment
ProcessHandle ProcessHandleImpl ProcessImpl PublicMethods Readable Record
ReflectiveOperationException Runnable Runtime RuntimeException
RuntimePermission SafeVarargs SecurityException SecurityManager Short Shutdown
StackFrameInfo StackOverflowError StackStreamFactory StackTraceElement
StackWalker StrictMath String StringBuffer StringBuilder StringCoding
StringConcatHelper StringIndexOutOfBoundsException StringLatin1 StringUTF16
SuppressWarnings System Terminator Thread ThreadDeath ThreadGroup ThreadLocal
Throwable TypeNotPresentException UnknownError UnsatisfiedLinkError
UnsupportedClassVersionError UnsupportedOperationException VerifyError
VersionProps VirtualMachineError Void WeakPairMap
`)
