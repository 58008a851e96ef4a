// The table through which an analysis pass calls a pass built on top of it (passes.ts), filled once
// when this file loads. The analysis entry points (layers.ts, semantic-model.ts) load it.

import { callExpr, callResult, callWith, checkConverted, construct, functionAsValue } from './calls';
import { castTo, checkExpr, constantValue, convertOrReport } from './check-expr';
import { conditionalExpr } from './conditional';
import { declareClassSpecifier, declareEnumSpecifier } from './declare';
import { resolveOverload } from './overload';
import { registerPasses } from './passes';
import { analyseFunctionBody, initialise } from './statements';
import { bindingScope, instantiateAliasTemplate, instantiateClassTemplate } from './templates';
import { templateArguments, typeOfDecl } from './type-syntax';
import { expandParameterPack, expandTemplateArguments, isUnexpandedPack } from './variadic';

registerPasses({
  checkExpr, constantValue, castTo, convertOrReport, conditionalExpr,
  callExpr, callWith, callResult, construct, functionAsValue, checkConverted, resolveOverload,
  initialise, analyseFunctionBody,
  declareClassSpecifier, declareEnumSpecifier, typeOfDecl, templateArguments,
  bindingScope, instantiateAliasTemplate, instantiateClassTemplate, isUnexpandedPack, expandParameterPack, expandTemplateArguments,
});
