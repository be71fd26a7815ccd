//! Hand-written bindings of the parts of animator-host's C ABI (version 1.4) this animator
//! uses. Every struct mirrors its C declaration field for field; `layout` holds the sizes
//! and offsets the C header publishes (animator_host/layout.h), and the `const` assertions
//! below check the mirror against them (sizes when compiling, offsets when the library
//! starts: `init` refuses to start with a wrong mirror). The host
//! table is reached through its published offsets, so a binding needs to mirror only the
//! calls it makes.
#![allow(non_camel_case_types, dead_code)]

use std::os::raw::{c_char, c_void};

pub type ah_status = i32;
pub type ah_handle = u64;
pub type ah_context = ah_handle;
pub type ah_layer = ah_handle;
pub type ah_operation = u32;
pub type ah_param_type = u32;
pub type ah_value_type = u32;
pub type ah_context_key = u32;
pub type ah_insert_mode = u32;
pub type ah_log_level = u32;
pub type ah_block = extern "C" fn(user: *mut c_void);
/// The one completion signature: `finished` says whether the animations ran to their end.
pub type ah_completion = extern "C" fn(user: *mut c_void, finished: bool);

pub const AH_OK: ah_status = 0;
pub const AH_ABI_MAJOR: u32 = 1;
pub const AH_ABI_MINOR: u32 = 4;
pub const AH_OP_PRESENT: ah_operation = 1 << 0;
pub const AH_OP_DISMISS: ah_operation = 1 << 1;
pub const AH_PARAM_NUMBER: ah_param_type = 0;
pub const AH_PARAM_HAS_MIN: u32 = 1 << 0;
pub const AH_PARAM_HAS_MAX: u32 = 1 << 1;
pub const AH_VALUE_NUMBER: ah_value_type = 0;
pub const AH_VALUE_RECT: ah_value_type = 3;
pub const AH_CONTEXT_FROM: ah_context_key = 0;
pub const AH_CONTEXT_TO: ah_context_key = 1;
pub const AH_INSERT_TOP: ah_insert_mode = 0;
pub const AH_INSERT_BELOW: ah_insert_mode = 3;
pub const AH_LOG_ERROR: ah_log_level = 3;
pub const AH_VIEW_OPTION_CURVE_EASE_IN_OUT: u64 = 0 << 16;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct ah_version {
    pub major: u32,
    pub minor: u32,
}

pub const AH_ABI_VERSION: ah_version = ah_version { major: AH_ABI_MAJOR, minor: AH_ABI_MINOR };

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct ah_point {
    pub x: f64,
    pub y: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct ah_size {
    pub width: f64,
    pub height: f64,
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct ah_rect {
    pub origin: ah_point,
    pub size: ah_size,
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct ah_color {
    pub red: f64,
    pub green: f64,
    pub blue: f64,
    pub alpha: f64,
}

/// ah_value: a type and the largest member of its union (a 4×4 transform), read as the
/// member the type names.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct ah_value {
    pub value_type: ah_value_type,
    pub storage: [f64; 16],
}

impl ah_value {
    pub fn number(number: f64) -> Self {
        let mut storage = [0.0; 16];
        storage[0] = number;
        ah_value { value_type: AH_VALUE_NUMBER, storage }
    }

    pub fn rect(rect: ah_rect) -> Self {
        let mut storage = [0.0; 16];
        storage[..4].copy_from_slice(&[rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]);
        ah_value { value_type: AH_VALUE_RECT, storage }
    }
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct ah_param_value {
    pub param_type: ah_param_type,
    pub enum_index: u32,
    pub number: f64,
    pub boolean: bool,
    pub point: ah_point,
    pub size: ah_size,
    pub color: ah_color,
    pub string: *const c_char,
}

#[repr(C)]
pub struct ah_param_descriptor {
    pub abi: ah_version,
    pub struct_size: u32,
    pub name: *const c_char,
    pub param_type: ah_param_type,
    pub flags: u32,
    pub help: *const c_char,
    pub default_value: ah_param_value,
    pub min: f64,
    pub max: f64,
    pub enum_values: *const *const c_char,
    pub enum_count: u32,
}

#[repr(C)]
pub struct ah_animator_descriptor {
    pub abi: ah_version,
    pub struct_size: u32,
    pub id: *const c_char,
    pub name: *const c_char,
    pub display_name: *const c_char,
    pub version: *const c_char,
    pub description: *const c_char,
    pub author: *const c_char,
    pub url: *const c_char,
    pub operations: ah_operation,
    pub flags: u32,
    pub param_count: u32,
    pub params: *const *const ah_param_descriptor,
}

#[repr(C)]
pub struct ah_view_animation {
    pub abi: ah_version,
    pub struct_size: u32,
    pub duration: f64,
    pub delay: f64,
    pub options: u64,
    pub use_spring: bool,
    pub spring_damping_ratio: f64,
    pub spring_initial_velocity: f64,
}

/// The host table: opaque here; its calls are read at their published offsets.
#[repr(C)]
pub struct ah_host {
    pub abi: ah_version,
    pub struct_size: u32,
}

#[repr(C)]
pub struct ah_animator {
    pub abi: ah_version,
    pub struct_size: u32,
    pub animator_data: *mut c_void,
    pub duration: Option<extern "C" fn(this: *const ah_animator, ctx: ah_context) -> f64>,
    pub animate: Option<extern "C" fn(this: *const ah_animator, ctx: ah_context)>,
    pub ended: Option<extern "C" fn(this: *const ah_animator, ctx: ah_context, completed: bool)>,
    pub destroy: Option<extern "C" fn(this: *const ah_animator)>,
    pub start_interactive: Option<extern "C" fn()>,
    pub gesture: Option<extern "C" fn()>,
    pub interruptible_animator: Option<extern "C" fn()>,
    pub presentation_controller: Option<extern "C" fn()>,
    pub declines: Option<extern "C" fn(this: *const ah_animator, ctx: ah_context) -> bool>,
    pub load_screen: Option<extern "C" fn()>,
    pub tap: Option<extern "C" fn()>,
    pub appearance: Option<extern "C" fn()>,
    pub touch: Option<extern "C" fn()>,
    pub size_change: Option<extern "C" fn()>,
}

#[repr(C)]
pub struct ah_plugin_entry {
    pub abi: ah_version,
    pub struct_size: u32,
    pub init: Option<extern "C" fn(plugin_path: *const c_char) -> bool>,
    pub deinit: Option<extern "C" fn()>,
    pub animator_count: Option<extern "C" fn() -> u32>,
    pub animator_descriptor: Option<extern "C" fn(index: u32) -> *const ah_animator_descriptor>,
    pub create_animator: Option<
        extern "C" fn(host: *const ah_host, id: *const c_char, values: *const ah_param_value, count: u32) -> *const ah_animator,
    >,
}

/// The numbers of animator_host/layout.h this binding relies on (copied by hand; the
/// assertions below and the project's tests compare them).
pub mod layout {
    pub const AH_SIZEOF_AH_VALUE: usize = 136;
    pub const AH_SIZEOF_AH_PARAM_VALUE: usize = 96;
    pub const AH_OFFSETOF_AH_PARAM_VALUE_STRING: usize = 88;
    pub const AH_SIZEOF_AH_PARAM_DESCRIPTOR: usize = 168;
    pub const AH_OFFSETOF_AH_PARAM_DESCRIPTOR_DEFAULT_VALUE: usize = 40;
    pub const AH_OFFSETOF_AH_PARAM_DESCRIPTOR_ENUM_COUNT: usize = 160;
    pub const AH_SIZEOF_AH_ANIMATOR_DESCRIPTOR: usize = 96;
    pub const AH_OFFSETOF_AH_ANIMATOR_DESCRIPTOR_PARAMS: usize = 88;
    pub const AH_SIZEOF_AH_VIEW_ANIMATION: usize = 64;
    pub const AH_OFFSETOF_AH_VIEW_ANIMATION_SPRING_INITIAL_VELOCITY: usize = 56;
    pub const AH_SIZEOF_AH_ANIMATOR: usize = 136;
    pub const AH_OFFSETOF_AH_ANIMATOR_PRESENTATION_CONTROLLER: usize = 80;
    pub const AH_SIZEOF_AH_PLUGIN_ENTRY: usize = 56;
    pub const AH_OFFSETOF_AH_PLUGIN_ENTRY_CREATE_ANIMATOR: usize = 48;
    pub const AH_OFFSETOF_AH_HOST_LOG: usize = 40;
    pub const AH_OFFSETOF_AH_HOST_CONTEXT_OPERATION: usize = 48;
    pub const AH_OFFSETOF_AH_HOST_LAYER_SET: usize = 120;
    pub const AH_OFFSETOF_AH_HOST_LAYER_INSERT: usize = 136;
    pub const AH_OFFSETOF_AH_HOST_VIEW_ANIMATE: usize = 192;
    pub const AH_OFFSETOF_AH_HOST_CONTEXT_CONTAINER_VIEW: usize = 448;
    pub const AH_OFFSETOF_AH_HOST_CONTEXT_VIEW: usize = 456;
    pub const AH_OFFSETOF_AH_HOST_CONTEXT_FINAL_FRAME: usize = 472;
    pub const AH_OFFSETOF_AH_HOST_CONTEXT_COMPLETE_TRANSITION: usize = 480;
    pub const AH_OFFSETOF_AH_HOST_CONTEXT_WAS_CANCELLED: usize = 488;
}

// The mirror's sizes against the published layout: a mismatch does not compile.
const _: () = {
    use layout::*;
    use std::mem::size_of;
    assert!(size_of::<ah_value>() == AH_SIZEOF_AH_VALUE);
    assert!(size_of::<ah_param_value>() == AH_SIZEOF_AH_PARAM_VALUE);
    assert!(size_of::<ah_param_descriptor>() == AH_SIZEOF_AH_PARAM_DESCRIPTOR);
    assert!(size_of::<ah_animator_descriptor>() == AH_SIZEOF_AH_ANIMATOR_DESCRIPTOR);
    assert!(size_of::<ah_view_animation>() == AH_SIZEOF_AH_VIEW_ANIMATION);
    assert!(size_of::<ah_animator>() == AH_SIZEOF_AH_ANIMATOR);
    assert!(size_of::<ah_plugin_entry>() == AH_SIZEOF_AH_PLUGIN_ENTRY);
};

/// The offset of a field, measured on an uninitialised value (Rust 1.63 has no offset_of!).
macro_rules! offset {
    ($type:ty, $field:ident) => {{
        let value = std::mem::MaybeUninit::<$type>::uninit();
        let base = value.as_ptr();
        unsafe { (std::ptr::addr_of!((*base).$field) as *const u8).offset_from(base as *const u8) as usize }
    }};
}

/// The mirror's offsets against the published layout (checked when the library starts).
pub fn layout_matches() -> bool {
    use layout::*;
    offset!(ah_param_value, string) == AH_OFFSETOF_AH_PARAM_VALUE_STRING
        && offset!(ah_param_descriptor, default_value) == AH_OFFSETOF_AH_PARAM_DESCRIPTOR_DEFAULT_VALUE
        && offset!(ah_param_descriptor, enum_count) == AH_OFFSETOF_AH_PARAM_DESCRIPTOR_ENUM_COUNT
        && offset!(ah_animator_descriptor, params) == AH_OFFSETOF_AH_ANIMATOR_DESCRIPTOR_PARAMS
        && offset!(ah_view_animation, spring_initial_velocity) == AH_OFFSETOF_AH_VIEW_ANIMATION_SPRING_INITIAL_VELOCITY
        && offset!(ah_animator, presentation_controller) == AH_OFFSETOF_AH_ANIMATOR_PRESENTATION_CONTROLLER
        && offset!(ah_plugin_entry, create_animator) == AH_OFFSETOF_AH_PLUGIN_ENTRY_CREATE_ANIMATOR
}

/// The host's calls, read from the table at their published offsets.
pub struct Host(pub *const ah_host);

impl Host {
    unsafe fn call<F: Copy>(&self, offset: usize) -> F {
        *((self.0 as *const u8).add(offset) as *const F)
    }

    pub fn minor(&self) -> u32 {
        unsafe { (*self.0).abi.minor }
    }

    pub fn log(&self, level: ah_log_level, message: *const c_char) {
        let f: extern "C" fn(*const ah_host, ah_log_level, *const c_char) = unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_LOG) };
        f(self.0, level, message)
    }

    pub fn layer_set(&self, layer: ah_layer, key: *const c_char, value: &ah_value) -> ah_status {
        let f: extern "C" fn(*const ah_host, ah_layer, *const c_char, *const ah_value) -> ah_status =
            unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_LAYER_SET) };
        f(self.0, layer, key, value)
    }

    pub fn layer_insert(&self, parent: ah_layer, child: ah_layer, mode: ah_insert_mode, sibling: ah_layer) -> ah_status {
        let f: extern "C" fn(*const ah_host, ah_layer, ah_layer, ah_insert_mode, u32, ah_layer) -> ah_status =
            unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_LAYER_INSERT) };
        f(self.0, parent, child, mode, 0, sibling)
    }

    pub fn view_animate(&self, settings: &ah_view_animation, animations: ah_block, completion: ah_completion,
                        user: *mut c_void) -> ah_status {
        let f: extern "C" fn(*const ah_host, *const ah_view_animation, ah_block, ah_completion, *mut c_void) -> ah_status =
            unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_VIEW_ANIMATE) };
        f(self.0, settings, animations, completion, user)
    }

    pub fn operation(&self, ctx: ah_context) -> ah_operation {
        let f: extern "C" fn(*const ah_host, ah_context, *mut ah_operation) -> ah_status =
            unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_CONTEXT_OPERATION) };
        let mut operation = 0;
        f(self.0, ctx, &mut operation);
        operation
    }

    pub fn container_view(&self, ctx: ah_context) -> ah_layer {
        let f: extern "C" fn(*const ah_host, ah_context, *mut ah_layer) -> ah_status =
            unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_CONTEXT_CONTAINER_VIEW) };
        let mut layer = 0;
        f(self.0, ctx, &mut layer);
        layer
    }

    pub fn view(&self, ctx: ah_context, key: ah_context_key) -> ah_layer {
        let f: extern "C" fn(*const ah_host, ah_context, ah_context_key, *mut ah_layer) -> ah_status =
            unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_CONTEXT_VIEW) };
        let mut layer = 0;
        f(self.0, ctx, key, &mut layer);
        layer
    }

    pub fn final_frame(&self, ctx: ah_context, key: ah_context_key) -> ah_rect {
        let f: extern "C" fn(*const ah_host, ah_context, ah_context_key, *mut ah_rect) -> ah_status =
            unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_CONTEXT_FINAL_FRAME) };
        let mut rect = ah_rect::default();
        f(self.0, ctx, key, &mut rect);
        rect
    }

    pub fn was_cancelled(&self, ctx: ah_context) -> bool {
        let f: extern "C" fn(*const ah_host, ah_context, *mut bool) -> ah_status =
            unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_CONTEXT_WAS_CANCELLED) };
        let mut cancelled = false;
        f(self.0, ctx, &mut cancelled);
        cancelled
    }

    pub fn complete_transition(&self, ctx: ah_context, did_complete: bool) -> ah_status {
        let f: extern "C" fn(*const ah_host, ah_context, bool) -> ah_status =
            unsafe { self.call(layout::AH_OFFSETOF_AH_HOST_CONTEXT_COMPLETE_TRANSITION) };
        f(self.0, ctx, did_complete)
    }
}
