/// The binary form of one operation inside a change (see `ChangeEncoding`).
///
/// obj: 0 = root, 1 + op id · key: 0 + string = map key, 1 = list head, 2 + op id = element ·
/// action byte: 0 delete, 1 make map, 2 make list, 3 put + scalar; bit 0x80 marks an insert ·
/// pred: count + op ids, ascending.
enum OperationEncoding {
    private static let insertFlag: UInt8 = 0x80

    static func encode(_ op: Operation, into writer: inout ByteWriter, actors: [ActorId: Int]) {
        switch op.obj {
        case .root: writer.byte(0)
        case .op(let id): writer.byte(1); opId(id, into: &writer, actors: actors)
        }
        switch op.key {
        case .map(let key): writer.byte(0); writer.string(key)
        case .head: writer.byte(1)
        case .elem(let id): writer.byte(2); opId(id, into: &writer, actors: actors)
        }
        let flag = op.insert ? insertFlag : 0
        switch op.action {
        case .delete: writer.byte(0 | flag)
        case .make(.Map): writer.byte(1 | flag)
        case .make(.List): writer.byte(2 | flag)
        case .put(let scalar): writer.byte(3 | flag); ScalarEncoding.encode(scalar, into: &writer)
        }
        writer.uleb(op.pred.count)
        op.pred.forEach { opId($0, into: &writer, actors: actors) }
    }

    private static func opId(_ id: OpId, into writer: inout ByteWriter, actors: [ActorId: Int]) {
        writer.uleb(id.counter)
        writer.uleb(actors[id.actor]!)  // the table holds every actor the ops mention
    }

    static func decode(_ reader: inout ByteReader, actors: [ActorId]) throws -> Operation {
        let obj: ObjId
        switch try reader.byte() {
        case 0: obj = .root
        case 1: obj = .op(try opId(&reader, actors: actors))
        default: throw DocumentError.corrupt("bad object tag")
        }
        let key: OpKey
        switch try reader.byte() {
        case 0: key = .map(try reader.string())
        case 1: key = .head
        case 2: key = .elem(try opId(&reader, actors: actors))
        default: throw DocumentError.corrupt("bad key tag")
        }
        let actionByte = try reader.byte()
        let insert = actionByte & insertFlag != 0
        let action: OpAction
        switch actionByte & ~insertFlag {
        case 0: action = .delete
        case 1: action = .make(.Map)
        case 2: action = .make(.List)
        case 3: action = .put(try ScalarEncoding.decode(&reader))
        default: throw DocumentError.corrupt("bad action")
        }
        var pred: [OpId] = []
        for _ in 0..<(try reader.count()) { pred.append(try opId(&reader, actors: actors)) }
        let op = Operation(obj: obj, key: key, insert: insert, action: action, pred: pred)
        try check(op)
        return op
    }

    /// The shape rules a decoded operation must follow (what the local API can produce).
    private static func check(_ op: Operation) throws {
        guard ChangeEncoding.isStrictlyAscending(op.pred) else { throw DocumentError.corrupt("pred not ascending") }
        switch op.key {
        case .map(let key):
            guard !op.insert, !key.isEmpty else { throw DocumentError.corrupt("bad map operation") }
        case .head:
            guard op.insert else { throw DocumentError.corrupt("only an insert may target the list head") }
        case .elem:
            break
        }
        if op.insert && (op.action == .delete || !op.pred.isEmpty) { throw DocumentError.corrupt("bad insert") }
    }

    private static func opId(_ reader: inout ByteReader, actors: [ActorId]) throws -> OpId {
        let counter = try reader.uleb()
        let index = try reader.uleb()
        guard counter >= 1, index < UInt64(actors.count) else { throw DocumentError.corrupt("bad op id") }
        return OpId(counter: counter, actor: actors[Int(index)])
    }
}

/// The binary form of a scalar: tag 0 string, 1 int (zig-zag), 2 boolean, 3 timestamp (zig-zag), 4 null.
enum ScalarEncoding {
    static func encode(_ scalar: ScalarValue, into writer: inout ByteWriter) {
        switch scalar {
        case .String(let text): writer.byte(0); writer.string(text)
        case .Int(let number): writer.byte(1); writer.sleb(number)
        case .Boolean(let flag): writer.byte(2); writer.byte(flag ? 1 : 0)
        case .Timestamp(let ms): writer.byte(3); writer.sleb(ms)
        case .Null: writer.byte(4)
        }
    }

    static func decode(_ reader: inout ByteReader) throws -> ScalarValue {
        switch try reader.byte() {
        case 0: return .String(try reader.string())
        case 1: return .Int(try reader.sleb())
        case 2:
            let flag = try reader.byte()
            guard flag <= 1 else { throw DocumentError.corrupt("bad boolean") }
            return .Boolean(flag == 1)
        case 3: return .Timestamp(try reader.sleb())
        case 4: return .Null
        default: throw DocumentError.corrupt("bad scalar tag")
        }
    }
}
