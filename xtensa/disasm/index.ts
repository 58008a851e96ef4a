// Public face of the disassembler: the instruction printer, the objdump-style listing of an ELF
// image, and the pieces other components reuse (targets, symbol lookup, property tables).
export { Symbolizer, plainSymbolizer, formatInsn, formatOperands, formatImmediate, hexNoZeros } from './format';
export { DisasmTarget, LX106_TARGET, targetForCore, decodeForTarget } from './target';
export { DisasmSymbol, SymbolTable, SortedSymbols, relativeName } from './symbols';
export { PropEntry, PropertyTable, propertyEntries, PROP_INSN, PROP_LITERAL, PROP_DATA } from './props';
export { DisasmOptions, disassembleElf, sectionSymbolizer, symbolizerAt } from './listing';
export { interleaveSource, type SourceRow } from './source-lines';
