"""transformers, tokenizers and safetensors errors produced offline with tiny local models.

Run as `.repro/ml/bin/python hf_cases.py [CASE ...]` with HF_HUB_OFFLINE=1: every model and
tokenizer is built here from a small config or vocabulary and saved to a temporary folder;
nothing is loaded from a hub.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402
from harness import run_cases  # noqa: E402
from safetensors.torch import load_file, save_file  # noqa: E402
from tokenizers import Tokenizer, models, pre_tokenizers  # noqa: E402
from transformers import (  # noqa: E402
    AutoConfig,
    AutoModel,
    AutoModelForSeq2SeqLM,
    AutoTokenizer,
    BertConfig,
    BertModel,
    GPT2Config,
    GPT2LMHeadModel,
    PreTrainedTokenizerFast,
)

TMP = Path(tempfile.mkdtemp(prefix="reproml-hf-"))
warnings.simplefilter("default")
WORDS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "<eos>"] + [f"w{i}" for i in range(60)]
BERT = BertConfig(
    vocab_size=len(WORDS),
    hidden_size=16,
    num_hidden_layers=1,
    num_attention_heads=2,
    intermediate_size=32,
    max_position_embeddings=32,
)
GPT2 = GPT2Config(
    vocab_size=len(WORDS), n_embd=16, n_layer=1, n_head=2, n_positions=32, eos_token_id=4
)


def tokenizer(pad: bool = True) -> PreTrainedTokenizerFast:
    """A word-level fast tokenizer over WORDS, as `tokenizer.json` would define one."""
    inner = Tokenizer(models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    inner.pre_tokenizer = pre_tokenizers.Whitespace()
    extra = {"pad_token": "[PAD]"} if pad else {}
    return PreTrainedTokenizerFast(
        tokenizer_object=inner, unk_token="[UNK]", eos_token="<eos>", model_max_length=16, **extra
    )


def write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def unknown_model_type() -> None:
    write_json(TMP / "unknown" / "config.json", {"model_type": "qwen9_moe"})
    AutoConfig.from_pretrained(TMP / "unknown")


def config_without_weights() -> None:
    BERT.save_pretrained(TMP / "config-only")
    BertModel.from_pretrained(TMP / "config-only")


def remote_code_folder() -> Path:
    folder = TMP / "remote"
    write_json(
        folder / "config.json",
        {
            "model_type": "mycustom",
            "auto_map": {
                "AutoConfig": "configuration_my.MyConfig",
                "AutoModel": "modeling_my.MyModel",
            },
        },
    )
    (folder / "configuration_my.py").write_text(
        "from transformers import PretrainedConfig\n\n"
        "class MyConfig(PretrainedConfig):\n    model_type = 'mycustom'\n"
    )
    (folder / "modeling_my.py").write_text(
        "import flash_attn_missing_pkg\nfrom transformers import PreTrainedModel\n"
    )
    return folder


def generate(model_kwargs: dict, ids: list[list[int]], **kwargs: object) -> None:
    model = GPT2LMHeadModel(GPT2)
    model.generate(torch.tensor(ids), **model_kwargs, **kwargs)


def right_padded_generate() -> None:
    model = GPT2LMHeadModel(GPT2)
    batch = tokenizer()(["w1 w2 w3", "w1"], padding=True, return_tensors="pt")
    model.generate(**batch, max_new_tokens=2, pad_token_id=0)


def bert_into_gpt2() -> None:
    BertModel(BERT).save_pretrained(TMP / "bert")
    GPT2LMHeadModel.from_pretrained(TMP / "bert")


def trainer_without_accelerate() -> None:
    from transformers import Trainer, TrainingArguments

    Trainer(model=GPT2LMHeadModel(GPT2), args=TrainingArguments(output_dir=str(TMP / "out")))


def old_training_argument() -> None:
    from transformers import TrainingArguments

    TrainingArguments(output_dir=str(TMP / "out"), evaluation_strategy="epoch")


def corrupt_safetensors() -> None:
    (TMP / "bad.safetensors").write_bytes(b"\xff" * 64)
    load_file(TMP / "bad.safetensors")


def shared_tensors() -> None:
    weight = torch.randn(4, 4)
    save_file({"embed.weight": weight, "lm_head.weight": weight}, TMP / "tied.safetensors")


def batch_to_tensor() -> None:
    torch.tensor(tokenizer()(["w1 w2", "w3"])["input_ids"])


CASES = {
    "pad-missing": lambda: tokenizer(pad=False)(["w1 w2", "w3"], padding=True),
    "unable-tensor": lambda: tokenizer()(["w1 w2", "w3"], return_tensors="pt"),
    "too-long": lambda: tokenizer()(" ".join(["w1"] * 40)),
    "chat-template": lambda: tokenizer().apply_chat_template([{"role": "user", "content": "hi"}]),
    "kwargs-unused": lambda: generate({"foo_bar": 1}, [[5, 6]], max_new_tokens=2),
    "max-length": lambda: generate({}, [[5] * 20], max_length=20, pad_token_id=0),
    "right-padding": right_padded_generate,
    "embedding-index": lambda: BertModel(BERT)(torch.tensor([[70]])),
    "unknown-type": unknown_model_type,
    "no-weights": config_without_weights,
    "offline": lambda: AutoConfig.from_pretrained("someorg/not-cached-model"),
    "repo-id": lambda: AutoTokenizer.from_pretrained("./checkpoints/my-model/final/"),
    "repo-id-chars": lambda: AutoModel.from_pretrained("C:\\models\\bert-base"),
    "trust-remote": lambda: AutoConfig.from_pretrained(remote_code_folder()),
    "remote-packages": lambda: AutoModel.from_pretrained(
        remote_code_folder(), trust_remote_code=True
    ),
    "accelerate": trainer_without_accelerate,
    "evaluation-strategy": old_training_argument,
    "model-type": bert_into_gpt2,
    "safetensors-header": corrupt_safetensors,
    "safetensors-contiguous": lambda: save_file({"x": torch.randn(3, 4).t()}, TMP / "nc.st"),
    "safetensors-shared": shared_tensors,
    "sequence-length": batch_to_tensor,
    "config-class": lambda: AutoModelForSeq2SeqLM.from_config(BERT),
}

if __name__ == "__main__":
    run_cases(CASES, sys.argv[1:])
