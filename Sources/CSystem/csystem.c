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

int ah_limit_resources(unsigned long long address_space_bytes, unsigned long long cpu_seconds) {
    struct rlimit current;
    /* Never above a hard limit already in force: only root may raise one. */
    if (address_space_bytes && getrlimit(RLIMIT_AS, &current) == 0) {
        rlim_t value = address_space_bytes < current.rlim_max ? address_space_bytes : current.rlim_max;
        struct rlimit limit = { value, value };
        if (setrlimit(RLIMIT_AS, &limit) != 0) return -1;
    }
    if (cpu_seconds && getrlimit(RLIMIT_CPU, &current) == 0) {
        /* The soft limit sends SIGXCPU; the hard one, a second later, SIGKILL. */
        rlim_t hard = cpu_seconds + 1 < current.rlim_max ? cpu_seconds + 1 : current.rlim_max;
        rlim_t soft = cpu_seconds < hard ? cpu_seconds : hard;
        struct rlimit limit = { soft, hard };
        if (setrlimit(RLIMIT_CPU, &limit) != 0) return -1;
    }
    return 0;
}

int ah_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

int ah_spawn_add_chdir(void *actions, const char *directory) {
    return posix_spawn_file_actions_addchdir_np((posix_spawn_file_actions_t *)actions, directory);
}
