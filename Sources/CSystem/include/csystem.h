/* Internal to the host: system calls the Swift Glibc module does not export. Each is a
 * raw call with the C library's contract; Swift wrappers in AnimatorHost/Sandbox give
 * them meaning. */
#ifndef ANIMATOR_HOST_CSYSTEM_H
#define ANIMATOR_HOST_CSYSTEM_H

/** memfd_create(2) with MFD_CLOEXEC: an anonymous file for memory shared with a child
 *  process. Returns the descriptor, or -1 with errno set. */
int ah_memfd_create(const char *name);

/** open(2) of `folder` with O_TMPFILE | O_RDWR | O_CLOEXEC: a file with no name in that
 *  folder, gone when closed unless `ah_link_descriptor` names it. Returns the descriptor,
 *  or -1 with errno set (EOPNOTSUPP where the file system has no such files). */
int ah_open_unnamed(const char *folder, unsigned int mode);

/** linkat(2) of the open file `descriptor` (through /proc/self/fd) to `path`, following
 *  the link: names a file `ah_open_unnamed` made. Returns 0, or -1 with errno set. */
int ah_link_descriptor(int descriptor, const char *path);

/** sync_file_range(2) of `count` bytes at `offset` with SYNC_FILE_RANGE_WRITE: starts
 *  writing those bytes of the file to its disk without waiting for them. Returns 0, or -1
 *  with errno set (ESPIPE for a pipe, and so on: a hint only, safe to ignore). */
int ah_start_writeback(int descriptor, long long offset, long long count);

/** pipe2(2) with O_CLOEXEC. Returns 0, or -1 with errno set. */
int ah_pipe_cloexec(int ends[2]);

/** The signal's abbreviation without "SIG" (e.g. "SEGV"), or NULL when unknown
 *  (sigabbrev_np, glibc 2.32). */
const char *ah_signal_abbreviation(int signal);

/** The signal's description (strsignal), never NULL. */
const char *ah_signal_description(int signal);

/** prctl(PR_SET_PDEATHSIG, SIGKILL): this process is killed when its parent dies. Returns 0
 *  or -1 with errno set. */
int ah_die_with_parent(void);

/** setrlimit(2) for RLIMIT_AS (bytes), RLIMIT_CPU (seconds), RLIMIT_NOFILE (descriptors)
 *  and RLIMIT_FSIZE (bytes); 0 leaves one unchanged, and no limit is raised above a hard
 *  limit already in force. Returns 0, or -1 with errno set. */
int ah_limit_resources(unsigned long long address_space_bytes, unsigned long long cpu_seconds,
                       unsigned long long descriptors, unsigned long long file_bytes);

/** posix_spawn_file_actions_addchdir_np (glibc 2.29): the child changes to `directory`
 *  before it executes. Returns 0 or an error number. */
int ah_spawn_add_chdir(void *actions, const char *directory);

/** fstatfs(2)'s f_type for the open file `descriptor` (the file system's magic number), or
 *  -1 with errno set. */
long ah_filesystem_type(int descriptor);

/** How `ah_isolate_processes` keeps a plugin's processes from outliving its child. */
enum {
    /** In a PID namespace (inside a user namespace) of its own: when the worker ends, the
     *  kernel ends every process started under it. */
    AH_ISOLATION_NAMESPACE = 1,
    /** The kernel refused namespaces: the worker is a child subreaper, so processes
     *  started under it that lose their parent become its children (`ah_kill_children`). */
    AH_ISOLATION_SUBREAPER = 2,
};

/** Moves the calling process's work into a PID namespace of its own (when `use_namespace`
 *  is not 0; otherwise it only makes the caller a child subreaper). The calling process
 *  stays outside and waits; the namespace's first process (pid 1 there) reaps whatever
 *  ends inside it; a third process, the worker, returns from this call and does the work.
 *  When the worker ends, the first process ends, the kernel kills everything else in the
 *  namespace, and the calling process ends as the worker ended (its exit status, or the
 *  same signal). Inside, the worker has the caller's user and group ids, no capabilities
 *  and no way to gain any, and cannot name any process outside the namespace.
 *
 *  Returns AH_ISOLATION_NAMESPACE in the worker. When the kernel refuses (no user
 *  namespaces, a seccomp policy, more than one thread), nothing is forked: the caller is
 *  the worker, has become a child subreaper, and AH_ISOLATION_SUBREAPER is returned with
 *  the refusal's errno in *refusal (0 when it came from the thread count). Call it before
 *  starting any thread. */
int ah_isolate_processes(int use_namespace, int *refusal);

/** Kills (SIGKILL) and reaps every child of this process, again and again until none is
 *  left: the subreaper's sweep, which also catches the children of the killed ones as they
 *  are handed to this process. Returns how many were killed. */
int ah_kill_children(void);

/** What `ah_confine` could restrict, by the Landlock ABI version the kernel has. */
enum {
    /** Writes, creations, removals and renames outside the writable folder (ABI 1). */
    AH_CONFINE_FILES = 1 << 0,
    /** Truncating files outside the writable folder (ABI 3). */
    AH_CONFINE_TRUNCATE = 1 << 1,
    /** Binding and connecting TCP sockets (ABI 4). */
    AH_CONFINE_TCP = 1 << 2,
    /** ioctl(2) on devices, such as a terminal's input queue (ABI 5). */
    AH_CONFINE_DEVICE_CONTROL = 1 << 3,
    /** Signals to, and abstract Unix sockets of, processes outside (ABI 6). */
    AH_CONFINE_SIGNALS = 1 << 4,
};

/** Confines the calling process and everything it starts with a Landlock ruleset, for
 *  good: files may be read and executed everywhere, but written, created, removed, renamed
 *  or truncated only inside `writable_folder` (NULL: nowhere) and /dev/null; TCP sockets
 *  may not be bound or connected; devices may not be controlled (ioctl); signals and
 *  abstract Unix sockets cannot reach a process outside the ruleset. Tracing and reading
 *  the memory of a process outside are refused by every version. Sets no_new_privs first.
 *
 *  Returns the kernel's Landlock ABI version (1 or more) with the AH_CONFINE_ bits it
 *  enforced in *confined; or -1 with errno set and nothing changed (ENOSYS or EOPNOTSUPP:
 *  the kernel has no Landlock, or it is disabled). Call it from the process's only thread,
 *  or before other threads start. */
int ah_confine(const char *writable_folder, int *confined);

/** mallopt(3) of M_MMAP_THRESHOLD to `mapping_threshold` bytes (requests at least this
 *  large get a mapping of their own; glibc accepts up to 32 MiB on 64-bit systems) and of
 *  M_TRIM_THRESHOLD to `trim_threshold` bytes (free memory kept at the heap's top before
 *  it is returned to the kernel). Setting either turns off glibc's own adjustment of both.
 *  Returns 1 when both were taken, 0 otherwise. */
int ah_tune_allocator(int mapping_threshold, int trim_threshold);

#endif
