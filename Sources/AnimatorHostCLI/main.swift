import AnimatorHost
import AnimatorRuns
import AnimatorSupport
import Glibc

// Frames and pictures are large buffers allocated and freed over and over: kept for
// reuse, not handed back to the kernel and faulted in again (see AllocatorTuning).
AllocatorTuning.keepLargeBuffers()

// A sandbox child (plugin work for a parent animator-host) never reaches the commands.
// It ends with _exit: the work is sent, and plugins' destructors and atexit handlers
// (which could still crash or hang) are not run.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == SandboxChild.command {
    _exit(ChildModes.main(Array(CommandLine.arguments.dropFirst(2))))
}
let console = Console()
let status = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status)
