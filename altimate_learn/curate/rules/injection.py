"""Prompt injection: role headers and tags, authority claims, persona changes, "ignore previous
instructions" in English and the common other languages."""

from __future__ import annotations

import re

from altimate_learn.curate.rules.base import rx


INJECTION = rx(
    r"\b(?:ignore|forget|overrides?|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*(?:previous|prior|above|earlier|"
    r"preceding|system|original|existing|safety|other)\s+(?:instructions?|rules|guidance|guidelines|prompts?|messages|"
    r"directions|context)"
    r"|\bignore\s+(?:all\s+|any\s+|the\s+|your\s+)*instructions\b"
    r"|\bdisregard\b|\bsystem\s+prompt\b|\bsystem\s+message\b|\bdeveloper\s+message\b"
    r"|(?<!\w)<\/?\s*(?:auto_loaded_skill|available_skills|instructions?|system-reminder|team[-_ ]rules|"
    r"learned[-_]lessons?|function_calls?|antml|(?-i:system|assistant|user|human|tool))\b"
    r"|<\|(?:im_start|im_end|system|user|assistant|endoftext)\|>|\[/?INST\]|<<\s*/?SYS\s*>>"
    r"|\byou\s+are\s+now\b|\bnew\s+instructions\b|\bfrom\s+now\s+on\s+you\b|\bact\s+as\s+(?:an?\s+)?(?:admin|root|"
    r"unrestricted|jailbroken|dan)\b|\bjailbreak|\bdeveloper\s+mode\b|\bdo\s+anything\s+now\b"
    r"|\breveal\s+(?:your|the)\s+(?:instructions|prompt|rules)\b|\bpretend\s+(?:you\s+are|to\s+be)\b"
    r"|\bdo\s+not\s+tell\s+the\s+user\b|\bwithout\s+telling\s+the\s+user\b|\bhide\s+this\s+from\b"
    r"|^\s*(?:system|assistant|user|human)\s*:",
    re.I,
)
# More injection shapes seen in poisoned review comments and jailbreak prompts: role headers and tags,
# authority claims, persona changes, secrecy from the user, "obey instructions found in comments".
INJECTION_MORE = rx(
    r"\bfrom\s+now\s+on,?\s+(?:you\b|respond|reply|answer|speak|talk|act|behave|pretend|ignore|forget|disregard|obey|"
    r"only\s+(?:respond|reply|answer|obey|follow|speak|output))"
    r"|^\s*#{1,6}\s*(?:instructions?|system|response|assistant|user|human|input|prompt|new\s+rules?)\b"
    r"|(?:^|[.!?]\s+)(?:system|assistant|human|developer)\s*:"
    r"|\[\s*(?:system|assistant|user|human|developer|admin|sys|inst)\s*\]"
    r"|(?<!\w)<\/?\s*(?-i:tool_(?:call|use|result|code)s?|function_results|invoke|parameter|im_start|im_end|"
    r"thinking|system_prompt)\b"
    r"|\bas\s+(?:the|your|an?)\s+(?:\w+\s+)?(?:administrator|admin|sysadmin|root\s+user|superuser|operator|owner|"
    r"ceo|cto|security\s+team|maintainers?)\b,?\s+(?:i|we)\b"
    r"|\b(?:i|we)\s+(?:hereby\s+)?(?:authori[sz]e|permit|order|command|instruct|grant)\s+you\b"
    r"|\byou\s+(?:are|have\s+been)\s+(?:now\s+)?(?:authori[sz]ed|cleared|granted)\b"
    r"|\byou\s+(?:may|can)\s+(?:now\s+)?(?:run|execute|do)\s+any(?:thing)?\b|\bno\s+(?:restrictions|rules)\s+apply\b"
    r"|(?<!never\s)(?<!not\s)(?<!n't\s)(?<!dont\s)(?<!avoid\s)"
    r"\b(?:obey|follow|execute|carry\s+out)\s+(?:any\s+|all\s+|the\s+)?(?:\w+\s+)?(?:instructions|commands|orders)\s+"
    r"(?:found\s+|written\s+|embedded\s+|given\s+|contained\s+|left\s+)?(?:in|from|inside|within)\s+(?:\w+\s+){0,2}?"
    r"(?:comments?|issues?|prs?|pull\s+requests?|commit\s+messages?|tool\s+(?:output|results?)|web\s*pages?|"
    r"websites?|emails?|descriptions?|logs?)\b"
    r"|\bobey\s+(?:\w+\s+){0,2}?(?:users?|instructions?|commands?|orders?|me|them|him|her|anyone|everyone)\b"
    r"|\btrusted\s+(?:instructions|commands)\b|\btreat\s+(?:\w+\s+){0,6}?as\s+(?:trusted|authoritative)\s+"
    r"(?:instructions?|commands?|input)\b"
    r"|\byour\s+(?:new\s+|real\s+|true\s+)?(?:role|persona|identity|purpose)\s+is\b"
    r"|\byou\s+are\s+(?:an?\s+)?(?:unrestricted|uncensored|unfiltered)\b"
    r"|\b(?:do\s+not|don'?t|never)\s+(?:tell|mention|reveal|disclose|show|explain)\s+(?:\w+\s+){0,3}?"
    r"(?:this|these)\s+(?:rules?|instructions?|lessons?|prompts?)\b"
    r"|\b(?:keep|hold)\s+(?:this|these)\s+(?:(?:rules?|instructions?|lessons?)\s+)?(?:secret|hidden|confidential)\b"
    r"|\b(?:reveal|disclose)\s+(?:these|this)\s+(?:rules?|instructions?|lessons?|prompt)\b"
    r"|\bforget\s+(?:everything|anything)\b|\bforget\s+all\s+(?:you|that|above|before|else|previous|prior)\b"
    r"|\b(?:override|bypass|disable|ignore|circumvent)\s+(?:the\s+|your\s+|all\s+|any\s+)*(?:guardrails?|"
    r"safeguards?|content\s+polic(?:y|ies))\b|\b(?:override|bypass|ignore)\s+(?:your|all|any)\s+restrictions\b"
    r"|\b(?:system|admin)\s+override\b|\b(?:god|sudo|unrestricted|jailbreak|dan)\s+mode\b"
    r"|\b(?:take|takes|have|has)\s+(?:priority|precedence)\s+over\s+(?:all\s+|any\s+)?(?:other|previous|prior|"
    r"earlier|system)\b"
    r"|^\s*override\s*:|\b(?:the\s+)?(?:agent|assistant|model|ai)\s+(?:may|can|is\s+(?:now\s+)?(?:allowed|permitted)\s+to)"
    r"\s+now\b|\byou\s+are\s+dan\b|\b(?:have|has|with)\s+no\s+(?:limits|restrictions|rules|filters|guardrails)\b"
    r"|(?<!never\s)(?<!not\s)(?<!don't\s)(?<!dont\s)\bpretend\b"
    r"|\bdeny\s+(?:that\s+)?(?:it|this|these|the)\s+(?:(?:rules?|lessons?|instructions?)\s+)?(?:exists?|rules?|lessons?|"
    r"instructions?)\b|\bwhen\s+asked\s+about\s+(?:this|these)\s+(?:rules?|instructions?|lessons?)\b"
    r"|\b(?:do\s+not|don'?t|never|without)\s+(?:tell|telling|inform|informing|notify|notifying|alert|alerting|"
    r"mention|mentioning)\s+(?:the\s+|your\s+)?(?:user|human|developer|reviewer)s?\b"
    r"|\bsilently\s+(?:add|insert|change|modify|install|inject|send|upload|remove|delete|disable|commit|push|"
    r"exfiltrate|run|execute)\b|\bwithout\s+(?:the\s+)?(?:user|human|reviewer)(?:'s)?\s+(?:knowing|knowledge|"
    r"noticing|consent)\b"
    r"|\b(?:this|these)\s+(?:lesson|rule|instruction)s?\s+(?:\w+\s+)?(?:in|into)\s+(?:every|each|all)\s+(?:responses?|"
    r"repl(?:y|ies)|answers?|outputs?|files?|commits?|messages?)\b"
    r"|\b(?:repeat|copy|output|print|spread|propagate)\s+(?:this|these)\s+(?:lesson|rule|instruction)s?\b"
    r"|(?:\\[nr])+\s*(?:human|assistant|system|user)\s*:",
    re.I,
)
INJECTION_MORE_TRIGGER = ("now", "instruction", "instructions", "system", "response", "assistant", "user", "human",
                           "input", "prompt", "developer", "admin", "sys", "inst", "tool", "function", "invoke",
                           "parameter", "im", "thinking", "administrator", "sysadmin", "root", "superuser",
                           "operator", "owner", "ceo", "cto", "security", "maintainer", "maintainers", "authorize",
                           "authorise", "authorized", "authorised", "permit", "order", "command", "instruct", "grant",
                           "cleared", "granted", "any", "anything", "restrictions", "rules", "obey", "trusted",
                           "treat", "role", "persona", "identity", "purpose", "unrestricted", "uncensored",
                           "unfiltered", "keep", "hold", "reveal", "disclose", "forget", "guardrail", "guardrails",
                           "safeguard", "safeguards", "content", "override", "god", "sudo", "jailbreak", "dan",
                           "priority", "precedence", "follow", "execute", "carry", "commands", "orders", "agent",
                           "model", "ai", "dan", "limits", "filters", "pretend", "deny", "asked", "inform",
                           "informing", "notify", "notifying", "alert", "alerting", "mention", "mentioning",
                           "telling", "silently", "knowing", "knowledge", "noticing", "consent", "lesson", "rule",
                           "repeat", "copy", "output", "print", "spread", "propagate", "n", "r")
# The same attack in other languages: "ignore (all) previous instructions" and "system prompt".
INJECTION_INTL = rx(
    r"\b(?:ignore[rz]?|oublie[rz]?)\s+(?:tout(?:es)?\s+)?(?:les|tes|vos|ces)\s+(?:\w+\s+)?(?:instructions|consignes|"
    r"r[èe]gles|directives)"
    r"|\b(?:ignora|ignore|ignorar|ignorad|olvida|olvide|olvidar)\s+(?:todas?\s+)?(?:las|tus|sus|los)\s+(?:\w+\s+)?"
    r"(?:instrucciones|reglas|indicaciones|[óo]rdenes)"
    r"|\b(?:ignore|ignora|ignorar|esque[çc]a|esquece)\s+(?:todas?\s+)?(?:as|suas|tuas|os)\s+(?:\w+\s+)?"
    r"(?:instru[çc][õo]es|regras|orienta[çc][õo]es)"
    r"|\b(?:ignora|ignorare|dimentica)\s+(?:tutte\s+)?(?:le|tue)\s+(?:\w+\s+)?(?:istruzioni|regole)"
    r"|\b(?:ignorier\w*|vergiss|vergessen\s+sie)\s+(?:\w+\s+){0,3}?(?:anweisungen|instruktionen|regeln|vorgaben|befehle)"
    r"|\b(?:negeer|vergeet)\s+(?:\w+\s+){0,3}?(?:instructies|regels)"
    r"|\b(?:zignoruj|ignoruj|zapomnij)\s+(?:\w+\s+){0,3}?(?:instrukcje|polecenia|zasady)"
    r"|(?:проигнорир|игнорир|ігнор|забудь|забудьте|не\s+обращай|оставь|отбрось|отмени|не\s+следуй)\w*\s+(?:\w+\s+){0,4}?"
    r"(?:инструкц|указани|правил|команд|інструкц|вказівк)"
    r"|(?:忽略|忽视|无视|無視|不要理会|忘记|忘掉|忘れ|무시|잊어).{0,15}?(?:指令|指示|说明|說明|提示|规则|規則|命令|지시|지침|규칙|명령|"
    r"プロンプト|ルール)"
    r"|(?:指令|指示|说明|說明|提示|规则|規則|命令|지시|지침|규칙|명령|プロンプト|ルール).{0,15}?(?:忽略|忽视|无视|無視|忘记|忘れ|무시)"
    r"|系统提示|系統提示|システムプロンプト|시스템\s*프롬프트|системн\w*\s+(?:промпт|подсказк|инструкц)"
    r"|\bprompt\s+(?:syst[èe]me|del\s+sistema|do\s+sistema|di\s+sistema)\b|\bsystem-?prompt\b",
    re.I,
)

INJECTION_TRIGGER = ("ignore", "forget", "override", "overrides", "skip", "disregard", "system", "developer",
                      "instructions", "act", "jailbreak", "jailbroken", "anything", "reveal", "pretend", "tell",
                      "telling", "hide", "assistant", "user", "human", "now", "sys", "inst")
