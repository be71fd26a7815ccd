/* Internal to the host: system calls the Swift Glibc module does not export. Each is a
 * raw call with the C library's contract; Swift wrappers in AnimatorHost/Sandbox give
 * them meaning. */
#ifndef ANIMATOR_HOST_CSYSTEM_H
#define ANIMATOR_HOST_CSYSTEM_H

/** memfd_create(2) with MFD_CLOEXEC: an anonymous file for memory shared with a child
 *  process. Returns the descriptor, or -1 with errno set. */
int ah_memfd_create(const char *name);

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

/** setrlimit(2) for RLIMIT_AS (bytes) and RLIMIT_CPU (seconds); 0 leaves one unchanged.
 *  Returns 0, or -1 with errno set. */
int ah_limit_resources(unsigned long long address_space_bytes, unsigned long long cpu_seconds);

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

#endif
