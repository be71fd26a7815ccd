#define _GNU_SOURCE
#include "csystem.h"
#include <string.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <fcntl.h>
#include <unistd.h>
#include <spawn.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <errno.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/capability.h>
#include <sys/vfs.h>
#include <stdint.h>
#include <malloc.h>

int ah_open_unnamed(const char *folder, unsigned int mode) {
    return open(folder, O_TMPFILE | O_RDWR | O_CLOEXEC, (mode_t)mode);
}

int ah_link_descriptor(int descriptor, const char *path) {
    char source[64];
    snprintf(source, sizeof source, "/proc/self/fd/%d", descriptor);
    return linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

int ah_start_writeback(int descriptor, long long offset, long long count) {
    return sync_file_range(descriptor, (off64_t)offset, (off64_t)count, SYNC_FILE_RANGE_WRITE);
}

int ah_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

const char *ah_signal_abbreviation(int signal) {
    return sigabbrev_np(signal);
}

const char *ah_signal_description(int signal) {
    const char *text = strsignal(signal);
    return text ? text : "unknown signal";
}

int ah_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL);
}

/* Sets `resource` to `value` (soft and hard), never above a hard limit in force. */
static int ah_limit(int resource, unsigned long long value) {
    struct rlimit current;
    if (!value || getrlimit(resource, &current) != 0) return 0;
    rlim_t capped = value < current.rlim_max ? value : current.rlim_max;
    struct rlimit limit = { capped, capped };
    return setrlimit(resource, &limit);
}

int ah_limit_resources(unsigned long long address_space_bytes, unsigned long long cpu_seconds,
                       unsigned long long descriptors, unsigned long long file_bytes) {
    struct rlimit current;
    if (ah_limit(RLIMIT_AS, address_space_bytes) != 0) return -1;
    if (cpu_seconds && getrlimit(RLIMIT_CPU, &current) == 0) {
        /* The soft limit sends SIGXCPU; the hard one, a second later, SIGKILL. */
        rlim_t hard = cpu_seconds + 1 < current.rlim_max ? cpu_seconds + 1 : current.rlim_max;
        rlim_t soft = cpu_seconds < hard ? cpu_seconds : hard;
        struct rlimit limit = { soft, hard };
        if (setrlimit(RLIMIT_CPU, &limit) != 0) return -1;
    }
    if (ah_limit(RLIMIT_NOFILE, descriptors) != 0) return -1;
    if (ah_limit(RLIMIT_FSIZE, file_bytes) != 0) return -1;
    return 0;
}

int ah_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

int ah_spawn_add_chdir(void *actions, const char *directory) {
    return posix_spawn_file_actions_addchdir_np((posix_spawn_file_actions_t *)actions, directory);
}

long ah_filesystem_type(int descriptor) {
    struct statfs info;
    if (fstatfs(descriptor, &info) != 0) return -1;
    return (long)info.f_type;
}

/* ---- Process isolation ------------------------------------------------------------ */

static int ah_write_text(const char *path, const char *text) {
    int descriptor = open(path, O_WRONLY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    size_t length = strlen(text);
    ssize_t written = write(descriptor, text, length);
    int saved = errno;
    close(descriptor);
    errno = saved;
    return written == (ssize_t)length ? 0 : -1;
}

/* Closes every descriptor but `keep_a` and `keep_b`. */
static void ah_close_all_but(int keep_a, int keep_b) {
    int low = keep_a < keep_b ? keep_a : keep_b, high = keep_a < keep_b ? keep_b : keep_a;
    if (low > 0 && syscall(SYS_close_range, 0U, (unsigned)low - 1, 0U) != 0)
        for (int fd = 0; fd < low; fd++) close(fd);
    if (high > low + 1 && syscall(SYS_close_range, (unsigned)low + 1, (unsigned)high - 1, 0U) != 0)
        for (int fd = low + 1; fd < high; fd++) close(fd);
    if (syscall(SYS_close_range, (unsigned)high + 1, ~0U, 0U) != 0)
        for (int fd = high + 1; fd < 4096; fd++) close(fd);
}

/* The number of threads of this process, from /proc/self/task. */
static int ah_thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks))) if (entry->d_name[0] != '.') count++;
    closedir(tasks);
    return count;
}

static int ah_become_subreaper(int *refusal, int reason) {
    *refusal = reason;
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    return AH_ISOLATION_SUBREAPER;
}

/* Ends this process as `status` says another ended: the same exit status, or the same
 * signal (without a core file). */
static void ah_end_as(int status) {
    if (WIFSIGNALED(status)) {
        int signal_number = WTERMSIG(status);
        struct rlimit no_core = { 0, 0 };
        setrlimit(RLIMIT_CORE, &no_core);
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = SIG_DFL;
        sigaction(signal_number, &action, NULL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, signal_number);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        kill(getpid(), signal_number);
        _exit(128 + signal_number);
    }
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 70);
}

int ah_isolate_processes(int use_namespace, int *refusal) {
    *refusal = 0;
    if (!use_namespace || ah_thread_count() != 1) return ah_become_subreaper(refusal, 0);
    int go[2], report[2];
    if (pipe2(go, O_CLOEXEC) != 0) return ah_become_subreaper(refusal, errno);
    if (pipe2(report, O_CLOEXEC) != 0) {
        int saved = errno;
        close(go[0]); close(go[1]);
        return ah_become_subreaper(refusal, saved);
    }
    uid_t uid = geteuid();
    gid_t gid = getegid();
    /* clone with a NULL stack continues like fork, in the new namespaces: the child is pid 1
     * there. Only system calls run in it (its C library thread data still names the caller). */
    long first = syscall(SYS_clone, (unsigned long)(CLONE_NEWUSER | CLONE_NEWPID | SIGCHLD), NULL, NULL, NULL, NULL);
    if (first < 0) {
        int saved = errno;
        close(go[0]); close(go[1]); close(report[0]); close(report[1]);
        return ah_become_subreaper(refusal, saved);
    }
    if (first == 0) {
        /* The namespace's first process. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        char verdict = 0;
        close(go[1]);
        close(report[0]);
        if (read(go[0], &verdict, 1) != 1 || verdict != 'g') syscall(SYS_exit_group, 70);
        close(go[0]);
        pid_t worker = fork();
        if (worker < 0) syscall(SYS_exit_group, 71);
        if (worker == 0) {
            /* The worker: dies with the first process, keeps no capability and gains none. */
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (getppid() != 1) _exit(70);
            close(report[1]);
            struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
            struct __user_cap_data_struct none[2];
            memset(none, 0, sizeof none);
            syscall(SYS_capset, &header, none);
            prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
            return AH_ISOLATION_NAMESPACE;
        }
        ah_close_all_but(report[1], report[1]);
        /* Reap everything handed to pid 1 until the worker itself ends. */
        int status = 0;
        for (;;) {
            pid_t ended = waitpid(-1, &status, __WALL);
            if (ended == worker) break;
            if (ended < 0 && errno != EINTR) { status = 70 << 8; break; }
        }
        (void)!write(report[1], &status, sizeof status);
        /* Leaving kills every process left in the namespace. */
        syscall(SYS_exit_group, 0);
    }
    /* The caller: give the namespace the caller's ids, then wait. */
    close(go[0]);
    close(report[1]);
    char path[64], map[64];
    int mapped = 1;
    snprintf(path, sizeof path, "/proc/%ld/setgroups", first);
    if (ah_write_text(path, "deny") != 0 && errno != ENOENT) mapped = 0;
    snprintf(path, sizeof path, "/proc/%ld/uid_map", first);
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)uid, (unsigned)uid);
    if (mapped && ah_write_text(path, map) != 0) mapped = 0;
    snprintf(path, sizeof path, "/proc/%ld/gid_map", first);
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)gid, (unsigned)gid);
    if (mapped && ah_write_text(path, map) != 0) mapped = 0;
    if (!mapped) {
        int saved = errno;
        kill((pid_t)first, SIGKILL);
        while (waitpid((pid_t)first, NULL, 0) < 0 && errno == EINTR) {}
        close(go[1]); close(report[0]);
        return ah_become_subreaper(refusal, saved);
    }
    (void)!write(go[1], "g", 1);
    close(go[1]);
    ah_close_all_but(report[0], report[0]);
    int status = 0;
    ssize_t got;
    do { got = read(report[0], &status, sizeof status); } while (got < 0 && errno == EINTR);
    int first_status = 0;
    while (waitpid((pid_t)first, &first_status, 0) < 0 && errno == EINTR) {}
    ah_end_as(got == (ssize_t)sizeof status ? status : first_status);
    return -1; /* not reached */
}

/* This process's children, from every /proc/<pid>/stat naming it as parent. */
static int ah_children(pid_t *out, int capacity) {
    DIR *proc = opendir("/proc");
    if (!proc) return 0;
    pid_t self = getpid();
    int count = 0;
    struct dirent *entry;
    char path[64], text[512];
    while ((entry = readdir(proc)) && count < capacity) {
        char *end;
        long pid = strtol(entry->d_name, &end, 10);
        if (*end || pid <= 0) continue;
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        int descriptor = open(path, O_RDONLY | O_CLOEXEC);
        if (descriptor < 0) continue;
        ssize_t length = read(descriptor, text, sizeof text - 1);
        close(descriptor);
        if (length <= 0) continue;
        text[length] = 0;
        /* "pid (name) state ppid ...": the name may hold anything, so look after its last ')'. */
        char *close_paren = strrchr(text, ')');
        if (!close_paren) continue;
        char state;
        long parent;
        if (sscanf(close_paren + 1, " %c %ld", &state, &parent) == 2 && parent == self) out[count++] = (pid_t)pid;
    }
    closedir(proc);
    return count;
}

int ah_kill_children(void) {
    int killed = 0;
    pid_t children[256];
    for (;;) {
        int count = ah_children(children, 256);
        if (count == 0) break;
        for (int index = 0; index < count; index++) {
            if (kill(children[index], SIGKILL) == 0) killed++;
        }
        for (int index = 0; index < count; index++) {
            while (waitpid(children[index], NULL, __WALL) < 0 && errno == EINTR) {}
        }
    }
    return killed;
}

/* Landlock, spelled out here so that the build does not depend on how recent the machine's
 * kernel headers are (the values are the kernel's stable ABI). */
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
#define AH_LL_CREATE_RULESET_VERSION (1U << 0)
#define AH_LL_RULE_PATH_BENEATH 1
#define AH_LL_FS_EXECUTE (1ULL << 0)
#define AH_LL_FS_WRITE_FILE (1ULL << 1)
#define AH_LL_FS_READ_FILE (1ULL << 2)
#define AH_LL_FS_READ_DIR (1ULL << 3)
#define AH_LL_FS_REMOVE_DIR (1ULL << 4)
#define AH_LL_FS_REMOVE_FILE (1ULL << 5)
#define AH_LL_FS_MAKE_CHAR (1ULL << 6)
#define AH_LL_FS_MAKE_DIR (1ULL << 7)
#define AH_LL_FS_MAKE_REG (1ULL << 8)
#define AH_LL_FS_MAKE_SOCK (1ULL << 9)
#define AH_LL_FS_MAKE_FIFO (1ULL << 10)
#define AH_LL_FS_MAKE_BLOCK (1ULL << 11)
#define AH_LL_FS_MAKE_SYM (1ULL << 12)
#define AH_LL_FS_REFER (1ULL << 13)
#define AH_LL_FS_TRUNCATE (1ULL << 14)
#define AH_LL_FS_IOCTL_DEV (1ULL << 15)
#define AH_LL_NET_BIND_TCP (1ULL << 0)
#define AH_LL_NET_CONNECT_TCP (1ULL << 1)
#define AH_LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define AH_LL_SCOPE_SIGNAL (1ULL << 1)

struct ah_landlock_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct ah_landlock_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

/* Allows `access` (restricted to what the ruleset handles) beneath `path`; a path that
 * does not exist is skipped. */
static int ah_landlock_allow(int ruleset, const char *path, uint64_t access, uint64_t handled) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT ? 0 : -1;
    struct ah_landlock_path_beneath_attr rule = { access & handled, fd };
    long added = syscall(SYS_landlock_add_rule, ruleset, AH_LL_RULE_PATH_BENEATH, &rule, 0);
    int saved = errno;
    close(fd);
    errno = saved;
    return added == 0 ? 0 : -1;
}

int ah_confine(const char *writable_folder, int *confined) {
    *confined = 0;
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, AH_LL_CREATE_RULESET_VERSION);
    if (abi < 1) return -1;
    const uint64_t read_access = AH_LL_FS_EXECUTE | AH_LL_FS_READ_FILE | AH_LL_FS_READ_DIR;
    uint64_t fs = read_access | AH_LL_FS_WRITE_FILE | AH_LL_FS_REMOVE_DIR | AH_LL_FS_REMOVE_FILE
        | AH_LL_FS_MAKE_CHAR | AH_LL_FS_MAKE_DIR | AH_LL_FS_MAKE_REG | AH_LL_FS_MAKE_SOCK
        | AH_LL_FS_MAKE_FIFO | AH_LL_FS_MAKE_BLOCK | AH_LL_FS_MAKE_SYM;
    int bits = AH_CONFINE_FILES;
    if (abi >= 2) fs |= AH_LL_FS_REFER;
    if (abi >= 3) { fs |= AH_LL_FS_TRUNCATE; bits |= AH_CONFINE_TRUNCATE; }
    if (abi >= 5) { fs |= AH_LL_FS_IOCTL_DEV; bits |= AH_CONFINE_DEVICE_CONTROL; }
    struct ah_landlock_ruleset_attr attributes = { fs, 0, 0 };
    size_t size = sizeof(uint64_t);
    if (abi >= 4) {
        attributes.handled_access_net = AH_LL_NET_BIND_TCP | AH_LL_NET_CONNECT_TCP;
        bits |= AH_CONFINE_TCP;
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attributes.scoped = AH_LL_SCOPE_ABSTRACT_UNIX_SOCKET | AH_LL_SCOPE_SIGNAL;
        bits |= AH_CONFINE_SIGNALS;
        size = sizeof attributes;
    }
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, size, 0U);
    if (ruleset < 0) return -1;
    int failed = ah_landlock_allow(ruleset, "/", read_access, fs) != 0
        || ah_landlock_allow(ruleset, "/dev/null", AH_LL_FS_READ_FILE | AH_LL_FS_WRITE_FILE | AH_LL_FS_TRUNCATE, fs) != 0
        || (writable_folder && ah_landlock_allow(ruleset, writable_folder, fs & ~AH_LL_FS_IOCTL_DEV, fs) != 0)
        || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
        || syscall(SYS_landlock_restrict_self, ruleset, 0U) != 0;
    int saved = errno;
    close(ruleset);
    if (failed) { errno = saved; return -1; }
    *confined = bits;
    return (int)abi;
}

int ah_tune_allocator(int mapping_threshold, int trim_threshold) {
    int mapped = mallopt(M_MMAP_THRESHOLD, mapping_threshold);
    int trimmed = mallopt(M_TRIM_THRESHOLD, trim_threshold);
    return mapped == 1 && trimmed == 1;
}
