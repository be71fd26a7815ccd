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

#endif
