import AnimatorABI

/// The kinds of object a handle can name. The kind is part of the handle, so a view
/// handle passed where a context is expected is refused.
enum HandleKind: UInt8 {
    case context = 1
    case layer = 2
    case propertyAnimator = 3
    case image = 4
    case path = 5
    case constraint = 6
    case dynamicAnimator = 7
    case dynamicBehavior = 8
}

/// Issues and checks handles for the objects of one kind.
///
/// A handle packs the kind (8 bits), a generation (24 bits) and a slot index (32 bits).
/// A removed object's slot gets a new generation when reused, so an old handle to it is
/// recognised as stale rather than silently naming the new object; a handle whose kind,
/// index or generation was never issued is invalid. Zero is never issued.
struct HandleTable<Object> {
    let kind: HandleKind
    private var slots: [(generation: UInt32, object: Object?)] = []
    private var freeSlots: [UInt32] = []

    init(kind: HandleKind) {
        self.kind = kind
    }

    /// How many handles name an object now.
    var liveCount: Int { slots.count - freeSlots.count }
    /// The objects the live handles name, oldest slot first.
    var liveObjects: [Object] { slots.compactMap(\.object) }

    /// The live objects with their handles, in slot order.
    func entries() -> [(ah_handle, Object)] {
        slots.indices.compactMap { index in
            slots[index].object.map { (encode(index: UInt32(index), generation: slots[index].generation), $0) }
        }
    }

    /// Stores `object` and returns its new handle.
    mutating func insert(_ object: Object) -> ah_handle {
        if let index = freeSlots.popLast() {
            let generation = (slots[Int(index)].generation + 1) & 0xFF_FFFF
            slots[Int(index)] = (generation == 0 ? 1 : generation, object)
            return encode(index: index, generation: slots[Int(index)].generation)
        }
        slots.append((1, object))
        return encode(index: UInt32(slots.count - 1), generation: 1)
    }

    /// The object a handle names, or why it names none.
    func lookup(_ handle: ah_handle) -> Result<Object, HostError> {
        guard let (index, generation) = decode(handle), Int(index) < slots.count else {
            return .failure(.invalidHandle)
        }
        let slot = slots[Int(index)]
        if slot.generation == generation, let object = slot.object { return .success(object) }
        return generation <= slot.generation ? .failure(.staleHandle) : .failure(.invalidHandle)
    }

    /// Replaces the object a valid handle names.
    mutating func update(_ handle: ah_handle, _ body: (inout Object) -> Void) -> Result<Void, HostError> {
        guard let (index, generation) = decode(handle), Int(index) < slots.count,
              slots[Int(index)].generation == generation, var object = slots[Int(index)].object else {
            return lookup(handle).map { _ in () }
        }
        body(&object)
        slots[Int(index)].object = object
        return .success(())
    }

    /// Forgets the object; its handle is stale from now on.
    mutating func remove(_ handle: ah_handle) {
        guard let (index, generation) = decode(handle), Int(index) < slots.count,
              slots[Int(index)].generation == generation, slots[Int(index)].object != nil else { return }
        slots[Int(index)].object = nil
        freeSlots.append(index)
    }

    private func encode(index: UInt32, generation: UInt32) -> ah_handle {
        UInt64(kind.rawValue) << 56 | UInt64(generation) << 32 | UInt64(index)
    }

    private func decode(_ handle: ah_handle) -> (UInt32, UInt32)? {
        guard UInt8(truncatingIfNeeded: handle >> 56) == kind.rawValue else { return nil }
        let generation = UInt32(truncatingIfNeeded: handle >> 32) & 0xFF_FFFF
        return generation == 0 ? nil : (UInt32(truncatingIfNeeded: handle), generation)
    }
}
