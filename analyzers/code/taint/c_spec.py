"""C library semantics for the offline analyst, as data (one table per family)."""

from __future__ import annotations

from typing import Final

# printf-like functions: index of the format argument.
FORMAT_FUNCS: Final[dict[str, int]] = {
    "printf": 0,
    "vprintf": 0,
    "wprintf": 0,
    "fprintf": 1,
    "vfprintf": 1,
    "dprintf": 1,
    "vdprintf": 1,
    "fwprintf": 1,
    "sprintf": 1,
    "vsprintf": 1,
    "swprintf": 2,
    "snprintf": 2,
    "vsnprintf": 2,
    "vswprintf": 2,
    "vwprintf": 0,
    "vfwprintf": 1,
    "syslog": 1,
    "vsyslog": 1,
    "err": 1,
    "errx": 1,
    "warn": 0,
    "warnx": 0,
    "scanf": 0,
    "fscanf": 1,
    "sscanf": 1,
    "asprintf": 1,
    "vasprintf": 1,
}

# scanf-like functions: index of the format argument; the arguments after it are written.
SCAN_FUNCS: Final[dict[str, int]] = {
    "scanf": 0,
    "fscanf": 1,
    "sscanf": 1,
    "vscanf": 0,
    "vfscanf": 1,
    "vsscanf": 1,
    "wscanf": 0,
    "fwscanf": 1,
    "swscanf": 1,
    "__isoc99_scanf": 0,
    "__isoc99_fscanf": 1,
    "__isoc99_sscanf": 1,
}
# Copies whose lengths count wide characters (wchar_t: 4 bytes on Linux), not bytes.
WIDE_COPIES: Final[frozenset[str]] = frozenset(
    {
        "wcscpy",
        "wcsncpy",
        "wcscat",
        "wcsncat",
        "wmemcpy",
        "wmemmove",
        "wmemset",
        "swprintf",
        "vswprintf",
        "fgetws",
        "wcsftime",
    }
)
# Calls that take a buffer with its length and never treat it as a NUL-terminated string.
BYTE_FUNCS: Final[frozenset[str]] = frozenset(
    {"memcpy", "memmove", "memset", "memcmp", "wmemcpy", "wmemmove", "wmemset", "wmemcmp", "fwrite", "fread",
     "write", "read", "send", "recv", "free"}
)  # fmt: skip

# Command execution: which arguments name the program / command line.
COMMAND_FUNCS: Final[dict[str, tuple[int, ...]]] = {
    "system": (0,),
    "popen": (0,),
    "_popen": (0,),
    "execl": (),
    "execlp": (),
    "execle": (),
    "execv": (),
    "execvp": (),
    "execve": (),
    "execvpe": (),
    "posix_spawn": (),
    "posix_spawnp": (),
    "ShellExecuteA": (),
    "WinExec": (0,),
    "CreateProcessA": (),
}

# Copies: (destination index, source index, length index or -1).
COPY_FUNCS: Final[dict[str, tuple[int, int, int]]] = {
    "strcpy": (0, 1, -1),
    "wcscpy": (0, 1, -1),
    "stpcpy": (0, 1, -1),
    "strcat": (0, 1, -1),
    "strncpy": (0, 1, 2),
    "wcsncpy": (0, 1, 2),
    "wcscat": (0, 1, -1),
    "wcsncat": (0, 1, 2),
    "wmemcpy": (0, 1, 2),
    "wmemmove": (0, 1, 2),
    "wmemset": (0, -1, 2),
    "fgetws": (0, -1, 1),
    "strncat": (0, 1, 2),
    "strlcpy": (0, 1, 2),
    "strlcat": (0, 1, 2),
    "memcpy": (0, 1, 2),
    "memmove": (0, 1, 2),
    "memset": (0, -1, 2),
    "snprintf": (0, -1, 1),
    "vsnprintf": (0, -1, 1),
    "swprintf": (0, -1, 1),
    "vswprintf": (0, -1, 1),
    "fgets": (0, -1, 1),
    "read": (1, -1, 2),
    "recv": (1, -1, 2),
    "fread": (0, -1, 2),
    # writers bounded by a size argument (what they leave terminated: c_terminated._STRING_WRITERS)
    "strftime": (0, -1, 1),
    "wcsftime": (0, -1, 1),
    "getcwd": (0, -1, 1),
    "gethostname": (0, -1, 1),
    "getdomainname": (0, -1, 1),
    "inet_ntop": (2, -1, 3),
    "sprintf": (0, -1, -1),
    "vsprintf": (0, -1, -1),
    "gets": (0, -1, -1),
}
# Copies that are always unbounded (nothing to prove).
ALWAYS_UNBOUNDED: Final[frozenset[str]] = frozenset({"gets"})

# Calls that end the program (a guard's failure branch).
C_TERMINATORS: Final[frozenset[str]] = frozenset(
    {
        "exit",
        "_exit",
        "_Exit",
        "abort",
        "err",
        "errx",
        "longjmp",
        "siglongjmp",
        "__builtin_unreachable",
        "assert_fail",
    }
)
# Allocators/lookups that may return NULL.
MAY_RETURN_NULL: Final[frozenset[str]] = frozenset(
    {
        "malloc",
        "calloc",
        "realloc",
        "strdup",
        "strndup",
        "fopen",
        "getenv",
        "strchr",
        "strrchr",
        "strstr",
        "fdopen",
        "tmpfile",
        "opendir",
        "readdir",
        "getpwnam",
        "gethostbyname",
        "bsearch",
        "memchr",
        "mmap",
    }
)
INT_MAX_NAMES: Final[frozenset[str]] = frozenset(
    {
        "INT_MAX",
        "UINT_MAX",
        "LONG_MAX",
        "ULONG_MAX",
        "SIZE_MAX",
        "SSIZE_MAX",
        "INT32_MAX",
        "UINT32_MAX",
        "INT64_MAX",
        "UINT64_MAX",
        "SHRT_MAX",
        "USHRT_MAX",
        "LLONG_MAX",
        "ULLONG_MAX",
        "INT_MIN",
        "LONG_MIN",
    }
)
# <limits.h> / <stdint.h> values on the LP64 targets gcc and clang build for (Linux, macOS).
C_LIMITS: Final[dict[str, int]] = {
    "CHAR_BIT": 8,
    "SCHAR_MAX": 127,
    "SCHAR_MIN": -128,
    "UCHAR_MAX": 255,
    "CHAR_MAX": 127,
    "CHAR_MIN": -128,
    "SHRT_MAX": 32767,
    "SHRT_MIN": -32768,
    "USHRT_MAX": 65535,
    "INT_MAX": 2**31 - 1,
    "INT_MIN": -(2**31),
    "UINT_MAX": 2**32 - 1,
    "LONG_MAX": 2**63 - 1,
    "LONG_MIN": -(2**63),
    "ULONG_MAX": 2**64 - 1,
    "LLONG_MAX": 2**63 - 1,
    "LLONG_MIN": -(2**63),
    "ULLONG_MAX": 2**64 - 1,
    "SIZE_MAX": 2**64 - 1,
    "SSIZE_MAX": 2**63 - 1,
    "INT8_MAX": 127,
    "INT8_MIN": -128,
    "UINT8_MAX": 255,
    "INT16_MAX": 32767,
    "INT16_MIN": -32768,
    "UINT16_MAX": 65535,
    "INT32_MAX": 2**31 - 1,
    "INT32_MIN": -(2**31),
    "UINT32_MAX": 2**32 - 1,
    "INT64_MAX": 2**63 - 1,
    "INT64_MIN": -(2**63),
    "UINT64_MAX": 2**64 - 1,
}
# Functions that only read their pointer arguments.
READ_ONLY_ARGS: Final[frozenset[str]] = frozenset(
    {
        "strlen",
        "strnlen",
        "strcmp",
        "strncmp",
        "strcasecmp",
        "strncasecmp",
        "strchr",
        "strrchr",
        "strstr",
        "strspn",
        "strcspn",
        "strpbrk",
        "memcmp",
        "memchr",
        "wcslen",
        "wcsnlen",
        "wcscmp",
        "wcsncmp",
        "wcscasecmp",
        "wcsncasecmp",
        "wcschr",
        "wcsrchr",
        "wcsstr",
        "wcsspn",
        "wcscspn",
        "wcspbrk",
        "wmemcmp",
        "wmemchr",
        "wcstol",
        "wcstoul",
        "wcstoll",
        "wcstoull",
        "wcstod",
        "wcsdup",
        "fputws",
        "va_start",
        "puts",
        "fputs",
        "atoi",
        "atol",
        "atoll",
        "atof",
        "strtol",
        "strtoul",
        "strtoll",
        "strtoull",
        "strtod",
        "strdup",
        "strndup",
        "system",
        "popen",
        "fopen",
        "open",
        "access",
        "stat",
        "unlink",
        "rename",
        "remove",
        "rmdir",
        "mkdir",
        "chdir",
        "chmod",
        "chown",
        "lchown",
        "truncate",
        "symlink",
        "link",
        "opendir",
        "creat",
        "getenv",
        "perror",
        "write",
        "send",
        "sendto",
        "fwrite",
    }
)
# Allocators that check the n * size multiplication themselves.
SAFE_ALLOCATORS: Final[frozenset[str]] = frozenset({"calloc", "reallocarray", "kcalloc"})
# Text-to-number conversions (flawfinder reports them as unchecked numbers); the text is their
# first argument.
NUMBER_PARSERS: Final[frozenset[str]] = frozenset(
    {"atoi", "atol", "atoll", "strtol", "strtoul", "strtoll", "strtoull", "strtoimax", "strtoumax",
     "sscanf", "wcstol", "wcstoul", "wcstoll", "wcstoull", "wcstoimax", "wcstoumax", "swscanf"}
)  # fmt: skip
# Text-to-number conversions that store through their second argument where they stopped reading
# the string of their first: a byte of it, at most its terminator (or its start).
END_POINTER_PARSERS: Final[frozenset[str]] = frozenset(
    {"strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof", "strtold", "strtoimax", "strtoumax"}
)
# Functions whose result points into (or is) their first argument's object: a pointer they return
# aliases that object (``eq = strchr(buf, '=')``; ``end = stpcpy(buf, s)``), at an offset not
# known statically.
RETURNS_INTO_FIRST: Final[frozenset[str]] = frozenset(
    {
        "strchr",
        "strrchr",
        "strchrnul",
        "strstr",
        "strcasestr",
        "strpbrk",
        "memchr",
        "memrchr",
        "rawmemchr",
        "index",
        "rindex",
        "strtok",
        "strtok_r",
        "wcschr",
        "wcsrchr",
        "wcsstr",
        "wcspbrk",
        "wmemchr",
        "wcstok",
        "stpcpy",
        "stpncpy",
        "mempcpy",
        "wmempcpy",
        "wcpcpy",
        "wcpncpy",
        "strcpy",
        "strncpy",
        "strcat",
        "strncat",
        "memcpy",
        "memmove",
        "memset",
        "wcscpy",
        "wcsncpy",
        "wcscat",
        "wcsncat",
        "wmemcpy",
        "wmemmove",
        "wmemset",
        "fgets",
        "fgetws",
        "gets",
        "realpath",
        "getcwd",
    }
)
# Searches that return a pointer to a character found inside the string they were given (or NULL):
# dereferenced as is, that pointer stays inside the string (so inside its terminated array).
FINDS_IN_STRING: Final[frozenset[str]] = frozenset(
    {"strchr", "strrchr", "strstr", "strcasestr", "strpbrk", "index", "rindex",
     "wcschr", "wcsrchr", "wcsstr", "wcspbrk"}
)  # fmt: skip
# Weak (predictable) pseudo-random generators (CWE-330/338) and their seeders.
WEAK_GENERATORS: Final[frozenset[str]] = frozenset(
    {"rand", "random", "rand_r", "drand48", "erand48", "lrand48", "nrand48", "mrand48", "jrand48",
     "g_random_int", "g_random_int_range", "g_random_double", "g_random_double_range", "g_random_boolean",
     "g_rand_int", "g_rand_int_range", "g_rand_double", "g_rand_double_range", "g_rand_boolean"}
)  # fmt: skip
WEAK_SEEDERS: Final[frozenset[str]] = frozenset(
    {"srand", "srandom", "srand48", "seed48", "lcong48", "initstate", "setstate", "g_random_set_seed",
     "g_rand_set_seed"}
)  # fmt: skip
# Calls whose argument (at the index given) is only a delay: a random value there spreads retries or
# polling in time, which no attacker gains from predicting.
DELAY_ARGS: Final[dict[str, int]] = {
    "sleep": 0, "usleep": 0, "alarm": 0, "poll": 2, "epoll_wait": 3, "g_usleep": 0, "Sleep": 0,
}  # fmt: skip
# Calls that make keys, IVs, nonces, MACs or ciphertexts from their arguments (prefixes): a random
# value handed to them is key material.
CRYPTO_PREFIXES: Final[tuple[str, ...]] = (
    "EVP_", "AES_", "DES_", "HMAC", "RSA_", "EC_", "SHA", "MD5", "crypto_", "gcry_", "mbedtls_",
    "wc_", "CC_", "BN_", "PKCS5_", "RAND_seed", "RAND_add",
)  # fmt: skip
# Words that name secrets in identifiers (variables, fields, functions): a random value stored
# under such a name, or handed to such a function, is a key, token, salt or session id.
SECRET_WORDS: Final[tuple[str, ...]] = (
    "key", "token", "salt", "nonce", "iv", "session", "sessid", "sid", "secret", "password", "passwd",
    "pwd", "otp", "pin", "csrf", "xsrf", "cookie", "auth", "challenge", "seed", "uuid", "guid", "cipher",
    "crypt", "cred",
)  # fmt: skip

# Calls that read or compare memory through pointers with an explicit length (besides COPY_FUNCS):
# a ``sizeof`` of one of their pointer arguments as the length is CWE-467 when it is a pointer.
MEMORY_FUNCS: Final[frozenset[str]] = frozenset(
    {"memcmp", "wmemcmp", "strncmp", "wcsncmp", "strncasecmp", "memchr", "bzero", "explicit_bzero", "write",
     "send", "fwrite", "memset_s", "SecureZeroMemory", "RtlZeroMemory"}
)  # fmt: skip
# Allocators whose size argument is a number of bytes (``p = malloc(sizeof(p))``: CWE-467).
ALLOCATORS: Final[frozenset[str]] = frozenset(
    {"malloc", "calloc", "realloc", "alloca", "_alloca", "kmalloc", "kzalloc", "PyMem_Malloc",
     "PyMem_Realloc", "PyObject_Malloc", "PyObject_Realloc", "g_malloc", "g_malloc0", "xmalloc"}
)  # fmt: skip
# Function-like macros of libraries whose expansion ends in a return statement (CPython's
# Py_RETURN_NONE is `return Py_NewRef(Py_None)`): a function whose last statement is one of them
# does not fall off its end. Used when the headers defining them are not in the workspace.
RETURN_MACROS: Final[frozenset[str]] = frozenset(
    {"Py_RETURN_NONE", "Py_RETURN_TRUE", "Py_RETURN_FALSE", "Py_RETURN_NOTIMPLEMENTED",
     "Py_RETURN_RICHCOMPARE"}
)  # fmt: skip
# Functions that never return (besides C_TERMINATORS): an implicit fall-through or a missing return
# after a call of one of them cannot happen.
NO_RETURN: Final[frozenset[str]] = frozenset(
    {"Py_FatalError", "Py_Exit", "pthread_exit", "quick_exit", "__assert_fail", "panic", "g_error",
     "__builtin_trap"}
)  # fmt: skip
# Macros of libraries that expand to statements (CPython's Py_BEGIN_ALLOW_THREADS opens a block and
# saves the thread state): without their header, ``Py_BEGIN_ALLOW_THREADS f(x);`` reads like a
# declaration of `f`, and is a call.
STATEMENT_MACROS: Final[frozenset[str]] = frozenset(
    {"Py_BEGIN_ALLOW_THREADS", "Py_END_ALLOW_THREADS", "Py_BLOCK_THREADS", "Py_UNBLOCK_THREADS",
     "Py_BEGIN_CRITICAL_SECTION", "Py_END_CRITICAL_SECTION"}
)  # fmt: skip
# Field order of library structs that extension code initialises positionally (CPython's headers,
# not in the workspace): which field a brace initializer with k elements leaves out.
LIBRARY_STRUCT_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "PyMethodDef": ("ml_name", "ml_meth", "ml_flags", "ml_doc"),
    "PyModuleDef": ("m_base", "m_name", "m_doc", "m_size", "m_methods", "m_slots", "m_traverse", "m_clear",
                    "m_free"),
    "PyMemberDef": ("name", "type", "offset", "flags", "doc"),
    "PyGetSetDef": ("name", "get", "set", "doc", "closure"),
}  # fmt: skip

# Programs that run their arguments as commands or code, or that a shell would be: a fixed one of
# these run without a shell still lets its arguments choose what runs (`sh -c`, `find -exec`).
COMMAND_RUNNERS: Final[frozenset[str]] = frozenset(
    {"sh", "bash", "dash", "zsh", "ksh", "mksh", "csh", "tcsh", "fish", "ash", "busybox", "env",
     "python", "python2", "python3", "perl", "ruby", "node", "nodejs", "php", "lua", "tclsh", "wish",
     "awk", "gawk", "mawk", "nawk", "sed", "find", "xargs", "ssh", "rsh", "su", "sudo", "doas",
     "nice", "nohup", "timeout", "time", "watch", "script", "expect", "make", "gdb", "vi", "vim",
     "ex", "emacs", "git", "tar", "zip", "rsync", "scp", "parallel", "flock", "setsid", "stdbuf",
     "chroot", "runuser", "strace", "ltrace", "valgrind", "cmd", "cmd.exe", "powershell", "pwsh"}
)  # fmt: skip

# exec-family calls that take the argument words as an array (index) or as a list from an index.
EXEC_WORDS: Final[dict[str, tuple[str, int]]] = {
    "execv": ("array", 1),
    "execvp": ("array", 1),
    "execve": ("array", 1),
    "execvpe": ("array", 1),
    "execl": ("list", 1),
    "execlp": ("list", 1),
    "execle": ("list", 1),
}

# Calls that open a file by name: the index of the path argument.
OPEN_FUNCS: Final[dict[str, int]] = {
    "fopen": 0, "fopen64": 0, "freopen": 0, "open": 0, "open64": 0, "creat": 0, "openat": 1,
}  # fmt: skip
# Fixed paths only root may create, replace or link (system directories, kernel files and devices).
ROOT_OWNED_PREFIXES: Final[tuple[str, ...]] = (
    "/etc/", "/usr/", "/proc/", "/sys/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/boot/",
)  # fmt: skip
ROOT_OWNED_FILES: Final[frozenset[str]] = frozenset(
    {"/dev/null", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/stdin", "/dev/stdout",
     "/dev/stderr", "/dev/full"}
)  # fmt: skip
# Directories every user may write into: a fixed name there can be created or linked by another first.
SHARED_DIRS: Final[tuple[str, ...]] = ("/tmp/", "/var/tmp/", "/dev/shm/")  # noqa: S108 (names, not used)
# Calls by which a program changes or inspects the rights it runs with: a program that makes them
# expects to run with rights its user does not have (set-user-ID), so who names a file it opens matters.
PRIVILEGE_FUNCS: Final[frozenset[str]] = frozenset(
    {"setuid", "seteuid", "setreuid", "setresuid", "setgid", "setegid", "setregid", "setresgid",
     "setfsuid", "setfsgid", "setgroups", "initgroups", "cap_set_proc", "chroot", "getuid", "geteuid",
     "getgid", "getegid", "getresuid", "issetugid", "getauxval", "secure_getenv"}
)  # fmt: skip
# Calls that check a path before it is opened: a check, then an open of the same name, is a window in
# which another user may swap the file (time of check, time of use).
PATH_CHECKS: Final[frozenset[str]] = frozenset(
    {"access", "faccessat", "eaccess", "euidaccess", "stat", "lstat", "stat64", "lstat64", "fstatat",
     "statx", "realpath", "readlink", "readlinkat", "opendir"}
)  # fmt: skip
# Character tests false for NUL: a cursor may step past a byte they accept (``iscntrl(0)`` is true).
NONZERO_CHAR_TESTS: Final[frozenset[str]] = frozenset(
    {"isspace", "isdigit", "isalpha", "isalnum", "isxdigit", "isupper", "islower", "ispunct", "isgraph",
     "isprint", "isblank"}
)  # fmt: skip
# Comparisons whose result 0 says the bytes compared are equal: the argument index of the count of
# bytes compared (None: up to the terminator). A string equal to a literal's bytes holds no NUL there.
EQUAL_COMPARES: Final[dict[str, int | None]] = {
    "strcmp": None, "strcasecmp": None, "strncmp": 2, "strncasecmp": 2, "memcmp": 2,
}  # fmt: skip
# Byte maps that map NUL, and only NUL, to NUL (`*p = toupper(*p)` keeps a string's terminator).
NUL_KEEPING_MAPS: Final[frozenset[str]] = frozenset({"toupper", "tolower"})
# Lengths of a span of a string (never more than its length).
STRING_SPANS: Final[frozenset[str]] = frozenset({"strcspn", "strspn"})
# Searches that return a pointer into the string they search (or NULL).
STRING_SEARCHES: Final[frozenset[str]] = frozenset(
    {"strchr", "strrchr", "strstr", "strpbrk", "strchrnul", "strcasestr", "index", "rindex"}
)
# Calls that write a string ending in a NUL into their first argument (when they fit: their own finding).
TERMINATING_WRITERS: Final[frozenset[str]] = frozenset(
    {"fgets", "snprintf", "vsnprintf", "sprintf", "vsprintf", "strcpy", "stpcpy", "strcat", "strlcpy",
     "strlcat"}
)  # fmt: skip
# Tokenizers: they return a token of the string they were first handed (NULL continues the last
# one), ending at a NUL they store over a delimiter or at the string's own terminator (or NULL).
TOKENIZERS: Final[frozenset[str]] = frozenset({"strtok", "strtok_r"})
# Separators: ``strsep(&s, delim)`` stores a NUL over the first delimiter of the string ``s`` points
# to and moves ``s`` past it (or sets it to NULL): what it writes lies inside that string.
SEPARATORS: Final[frozenset[str]] = frozenset({"strsep"})
# Command-line option parsers: they hand back pointers into argv and store nothing the caller sized.
OPTION_PARSERS: Final[frozenset[str]] = frozenset({"getopt", "getopt_long", "getopt_long_only"})
# Calls that read one character from a stream.
CHAR_READERS: Final[frozenset[str]] = frozenset(
    {"getc", "fgetc", "getchar", "getc_unlocked", "fgetc_unlocked"}
)
# Library calls that only read a character argument (write it out, or test or convert it).
CHAR_USERS: Final[frozenset[str]] = frozenset(
    {"putc", "fputc", "putchar", "ungetc", "putc_unlocked", "fputc_unlocked", "isspace", "isdigit",
     "isalpha", "isalnum", "isxdigit", "isupper", "islower", "ispunct", "isgraph", "isprint", "isblank",
     "iscntrl", "isascii", "toupper", "tolower"}
)  # fmt: skip
# Checks of a path's permissions by name, by the position of the path: acting on the path after one
# leaves a window in which another user may swap the file.
ACCESS_CHECKS: Final[dict[str, int]] = {"access": 0, "faccessat": 1, "euidaccess": 0, "eaccess": 0}
# Calls that return a new terminated copy of a string (or NULL).
STRING_DUPLICATORS: Final[frozenset[str]] = frozenset(
    {"strdup", "strndup", "xstrdup", "xstrndup", "g_strdup", "g_strndup", "wcsdup"}
)
# Calls that only read the pointers they print (none is their destination) and keep nothing.
PRINTERS: Final[frozenset[str]] = frozenset({"printf", "fprintf", "dprintf", "syslog", "perror"})
# Calls that read through a pointer member handed to them, or release it (and keep nothing).
MEMBER_READERS: Final[frozenset[str]] = PRINTERS | {"free"}
# Library calls that only read the pointer arguments at these positions (the rest they may write).
READS_AT: Final[dict[str, frozenset[int]]] = {
    "inet_pton": frozenset({1}),
    "inet_aton": frozenset({0}),
    "inet_addr": frozenset({0}),
    "getaddrinfo": frozenset({0, 1}),
    "gethostbyname": frozenset({0}),
    "getpwnam": frozenset({0}),
    "getgrnam": frozenset({0}),
    "lstat": frozenset({0}),
    "lstat64": frozenset({0}),
    "stat64": frozenset({0}),
    "regcomp": frozenset({1}),
    "regexec": frozenset({0, 1}),
}
# Library calls that write only through the pointer arguments at these positions (none: they write
# no memory they are handed), and read the rest.
WRITES_ONLY_AT: Final[dict[str, frozenset[int]]] = {
    "time": frozenset({0}),
    "localtime_r": frozenset({1}),
    "gmtime_r": frozenset({1}),
    "localtime": frozenset(),
    "gmtime": frozenset(),
    "mktime": frozenset({0}),
    "difftime": frozenset(),
    "clock": frozenset(),
    "getpid": frozenset(),
    "getuid": frozenset(),
    "isatty": frozenset(),
    "htons": frozenset(),
    "ntohs": frozenset(),
    "htonl": frozenset(),
    "ntohl": frozenset(),
    "strerror": frozenset(),
    "fflush": frozenset(),
    "fclose": frozenset(),
    "close": frozenset(),
    "feof": frozenset(),
    "ferror": frozenset(),
    # <sys/stat.h> and <sys/wait.h> tests of a number, <ctype.h> tests and maps of a character,
    # <stdlib.h> absolute values, and <stdio.h> character output (into the stream only)
    **{
        name: frozenset()
        for name in (
            "S_ISREG",
            "S_ISDIR",
            "S_ISLNK",
            "S_ISCHR",
            "S_ISBLK",
            "S_ISFIFO",
            "S_ISSOCK",
            "WIFEXITED",
            "WEXITSTATUS",
            "WIFSIGNALED",
            "WTERMSIG",
            "WIFSTOPPED",
            "WSTOPSIG",
            "isspace",
            "isdigit",
            "isalpha",
            "isalnum",
            "isxdigit",
            "isupper",
            "islower",
            "ispunct",
            "isgraph",
            "isprint",
            "isblank",
            "iscntrl",
            "isascii",
            "toupper",
            "tolower",
            "abs",
            "labs",
            "llabs",
            "putc",
            "fputc",
            "putchar",
        )
    },
}
# How a null pointer constant is spelled (squashed).
NULL_SPELLINGS: Final[frozenset[str]] = frozenset({"NULL", "0", "nullptr", "((void*)0)", "(void*)0"})

# The values each integer type holds (LP64: 32-bit int, 64-bit long and size_t).
INT32: Final[tuple[int, int]] = (-(2**31), 2**31 - 1)
UINT32: Final[tuple[int, int]] = (0, 2**32 - 1)
INT64: Final[tuple[int, int]] = (-(2**63), 2**63 - 1)
UINT64: Final[tuple[int, int]] = (0, 2**64 - 1)
TYPE_RANGE: Final[dict[str, tuple[int, int]]] = {
    "_Bool": (0, 1),
    "bool": (0, 1),
    "char": (-128, 127),
    "signed char": (-128, 127),
    "int8_t": (-128, 127),
    "unsigned char": (0, 255),
    "uint8_t": (0, 255),
    "short": (-32768, 32767),
    "short int": (-32768, 32767),
    "int16_t": (-32768, 32767),
    "unsigned short": (0, 65535),
    "unsigned short int": (0, 65535),
    "uint16_t": (0, 65535),
    "int": INT32,
    "signed": INT32,
    "signed int": INT32,
    "int32_t": INT32,
    "unsigned": UINT32,
    "unsigned int": UINT32,
    "uint32_t": UINT32,
    "long": INT64,
    "long int": INT64,
    "long long": INT64,
    "int64_t": INT64,
    "ssize_t": INT64,
    "unsigned long": UINT64,
    "unsigned long long": UINT64,
    "uint64_t": UINT64,
    "size_t": UINT64,
    "u_char": (0, 255),
    "u_int8_t": (0, 255),
    "u_short": (0, 65535),
    "u_int16_t": (0, 65535),
    "u_int": UINT32,
    "u_int32_t": UINT32,
    "u_long": UINT64,
    "u_int64_t": UINT64,
}
