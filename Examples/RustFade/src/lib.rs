//! rust-fade: an animator-host animator in Rust, with the bindings of abi.rs and no crates.
//! Presenting, the incoming view fades in over the outgoing one; dismissing, the outgoing
//! view fades out over the incoming one. Both on easeInOut over the `duration` parameter.
//!
//! Build: `cargo build --release` makes target/release/librust_fade.so; run it with
//! `animator-host run target/release/librust_fade.so`.

mod abi;

use abi::*;
use std::ffi::CStr;
use std::os::raw::{c_char, c_void};

struct Fade {
    host: Host,
    duration: f64,
    context: ah_context,
    /// The view that fades and the opacity it ends at.
    view: ah_layer,
    target: f64,
}

/// A C string literal (Rust 1.63, Debian's, has no c"..." literals).
macro_rules! cstr {
    ($text:expr) => {
        concat!($text, "\0").as_ptr() as *const c_char
    };
}

struct Descriptors {
    parameter: ah_param_descriptor,
    parameters: [*const ah_param_descriptor; 1],
    animator: ah_animator_descriptor,
}

// The descriptors are built once and never freed (the library is never unloaded).
static mut DESCRIPTORS: Option<Box<Descriptors>> = None;

fn descriptors() -> &'static Descriptors {
    unsafe {
        let slot = &mut *std::ptr::addr_of_mut!(DESCRIPTORS);
        if slot.is_none() {
            let mut made = Box::new(Descriptors {
                parameter: ah_param_descriptor {
                    abi: AH_ABI_VERSION,
                    struct_size: std::mem::size_of::<ah_param_descriptor>() as u32,
                    name: cstr!("duration"),
                    param_type: AH_PARAM_NUMBER,
                    flags: AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
                    help: cstr!("Length of the fade in seconds."),
                    default_value: ah_param_value {
                        param_type: AH_PARAM_NUMBER, enum_index: 0, number: 0.3, boolean: false,
                        point: ah_point::default(), size: ah_size::default(), color: ah_color::default(),
                        string: std::ptr::null(),
                    },
                    min: 0.0,
                    max: 10.0,
                    enum_values: std::ptr::null(),
                    enum_count: 0,
                },
                parameters: [std::ptr::null()],
                animator: ah_animator_descriptor {
                    abi: AH_ABI_VERSION,
                    struct_size: std::mem::size_of::<ah_animator_descriptor>() as u32,
                    id: cstr!("org.animatorhost.example.rust-fade"),
                    name: cstr!("rust-fade"),
                    display_name: cstr!("Fade (Rust)"),
                    version: cstr!("1.0.0"),
                    description: cstr!("Fades the incoming view in, or the outgoing view out; written in Rust."),
                    author: cstr!("animator-host"),
                    url: std::ptr::null(),
                    operations: AH_OP_PRESENT | AH_OP_DISMISS,
                    flags: 0,
                    param_count: 1,
                    params: std::ptr::null(),
                },
            });
            made.parameters[0] = &made.parameter;
            made.animator.params = made.parameters.as_ptr();
            *slot = Some(made);
        }
        slot.as_ref().unwrap()
    }
}

fn fade(this: *const ah_animator) -> &'static mut Fade {
    unsafe { &mut *((*this).animator_data as *mut Fade) }
}

extern "C" fn duration(this: *const ah_animator, _ctx: ah_context) -> f64 {
    fade(this).duration
}

extern "C" fn to_target(user: *mut c_void) {
    let state = unsafe { &*(user as *const Fade) };
    state.host.layer_set(state.view, cstr!("opacity"), &ah_value::number(state.target));
}

extern "C" fn finished(user: *mut c_void, _finished: bool) {
    let state = unsafe { &*(user as *const Fade) };
    let cancelled = state.host.was_cancelled(state.context);
    state.host.complete_transition(state.context, !cancelled);
}

extern "C" fn animate(this: *const ah_animator, ctx: ah_context) {
    let state = fade(this);
    let host = Host(state.host.0);
    let host = &host;
    if host.minor() < 2 {
        host.log(AH_LOG_ERROR, cstr!("rust-fade needs animator-host ABI 1.2"));
        return;
    }
    let container = host.container_view(ctx);
    let to = host.view(ctx, AH_CONTEXT_TO);
    let from = host.view(ctx, AH_CONTEXT_FROM);
    state.context = ctx;
    if to != 0 && is_presenting(host, ctx) {
        // Presenting: the incoming view, in place and transparent, fades in on top.
        host.layer_set(to, cstr!("frame"), &ah_value::rect(host.final_frame(ctx, AH_CONTEXT_TO)));
        host.layer_set(to, cstr!("opacity"), &ah_value::number(0.0));
        host.layer_insert(container, to, AH_INSERT_TOP, 0);
        state.view = to;
        state.target = 1.0;
    } else if from != 0 {
        // Dismissing: the incoming view (if the runtime left it out) goes below; the outgoing fades out.
        if to != 0 {
            host.layer_set(to, cstr!("frame"), &ah_value::rect(host.final_frame(ctx, AH_CONTEXT_TO)));
            host.layer_insert(container, to, AH_INSERT_BELOW, from);
        }
        state.view = from;
        state.target = 0.0;
    } else {
        host.complete_transition(ctx, true);
        return;
    }
    let settings = ah_view_animation {
        abi: AH_ABI_VERSION,
        struct_size: std::mem::size_of::<ah_view_animation>() as u32,
        duration: state.duration,
        delay: 0.0,
        options: AH_VIEW_OPTION_CURVE_EASE_IN_OUT,
        use_spring: false,
        spring_damping_ratio: 0.0,
        spring_initial_velocity: 0.0,
    };
    let user = state as *mut Fade as *mut c_void;
    state.host.view_animate(&settings, to_target, finished, user);
}

/// Whether the transition presents (the host says which operation it is).
fn is_presenting(host: &Host, ctx: ah_context) -> bool {
    host.operation(ctx) != AH_OP_DISMISS
}

extern "C" fn destroy(this: *const ah_animator) {
    unsafe {
        drop(Box::from_raw((*this).animator_data as *mut Fade));
        drop(Box::from_raw(this as *mut ah_animator));
    }
}

/// The library refuses to start (the host says init failed) if this binding's mirror of
/// the C structs does not match the published layout.
extern "C" fn init(_path: *const c_char) -> bool {
    abi::layout_matches()
}

extern "C" fn count() -> u32 {
    1
}

extern "C" fn describe(index: u32) -> *const ah_animator_descriptor {
    if index == 0 { &descriptors().animator } else { std::ptr::null() }
}

extern "C" fn create(host: *const ah_host, id: *const c_char, values: *const ah_param_value, count: u32) -> *const ah_animator {
    let wanted = unsafe { CStr::from_ptr(id) };
    let ours = unsafe { CStr::from_ptr(descriptors().animator.id) };
    if host.is_null() || wanted != ours || count != 1 || values.is_null() {
        return std::ptr::null();
    }
    let state = Box::new(Fade { host: Host(host), duration: unsafe { (*values).number }, context: 0, view: 0, target: 1.0 });
    Box::into_raw(Box::new(ah_animator {
        abi: AH_ABI_VERSION,
        struct_size: std::mem::size_of::<ah_animator>() as u32,
        animator_data: Box::into_raw(state) as *mut c_void,
        duration: Some(duration),
        animate: Some(animate),
        ended: None,
        destroy: Some(destroy),
        start_interactive: None,
        gesture: None,
        interruptible_animator: None,
        presentation_controller: None,
        declines: None,
        load_screen: None,
        tap: None,
        appearance: None,
        touch: None,
        size_change: None,
    }))
}

static ENTRY: ah_plugin_entry = ah_plugin_entry {
    abi: AH_ABI_VERSION,
    struct_size: std::mem::size_of::<ah_plugin_entry>() as u32,
    init: Some(init),
    deinit: None,
    animator_count: Some(count),
    animator_descriptor: Some(describe),
    create_animator: Some(create),
};

/// The library's one exported symbol.
#[no_mangle]
pub extern "C" fn animator_host_entry() -> *const ah_plugin_entry {
    &ENTRY
}
