# bash completion for formicary: subcommands, game ids, agent names, parameter names.
# Game ids come from `formicary list`, parameters from `formicary rules GAME`, subcommands from
# `formicary --help`, so plugins installed later (or per user) complete too.

_formicary_commands() {
    "$1" --help 2>/dev/null | awk '/^commands:/{c=1; next} c && /^  [a-z]/{print $1; next} c{exit}'
}

_formicary_games() {
    "$1" list 2>/dev/null | awk 'NR > 1 {print $1}'
}

_formicary_shipped() { # exe game "rule sets"|"variants": the names `formicary rules GAME` lists
    "$1" rules "$2" 2>/dev/null | sed -n "s/^shipped $3 ([^)]*): //p" | tr -d ',' | grep -v '^none$'
}

_formicary_params() { # exe game
    "$1" rules "$2" 2>/dev/null | awk '/^parameters:/{p=1; getline; next} p && /^  [a-z_]/{print $1; next} p{exit}'
}

_formicary_kinds() { # exe game: the kinds of decision (sim --restrict, probe --kinds)
    "$1" rules "$2" 2>/dev/null | awk '/^kinds of decision/{k=1; next} k && /^  [a-z]/{gsub(/[ ,]+/, " "); print; next} k{exit}'
}

_formicary() {
    local cur prev exe cmd game i
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    exe=${COMP_WORDS[0]}
    cmd="" game=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
        -*) ;;
        *) if [[ -z $cmd ]]; then cmd=${COMP_WORDS[i]}
           elif [[ -z $game ]]; then game=${COMP_WORDS[i]}; fi ;;
        esac
    done
    if [[ -z $cmd ]]; then
        COMPREPLY=($(compgen -W "$(_formicary_commands "$exe") --help --version" -- "$cur"))
        return
    fi
    case $prev in
    --seats | --against-seats)
        # a comma-separated list: complete the last agent name
        local head=${cur%,*} last=${cur##*,} names="human random greedy mcts mcts:iters= mcts:time="
        [[ $cur == *,* ]] && head="$head," || head=""
        COMPREPLY=($(compgen -P "$head" -W "$names" -- "$last"))
        compopt -o nospace 2>/dev/null
        return ;;
    --agents | --agent)
        # ladder, leaders: a ';'-separated list (quote it); agreement, openings: one spec
        local head=${cur%;*} last=${cur##*;} names="random greedy mcts mcts:iters= mcts:time="
        [[ $cur == *\;* ]] && head="$head;" || head=""
        COMPREPLY=($(compgen -P "$head" -W "$names" -- "$last"))
        compopt -o nospace 2>/dev/null
        return ;;
    --restrict | --kinds)
        # a comma-separated list of the game's kinds of decision
        local head=${cur%,*} last=${cur##*,}
        [[ $cur == *,* ]] && head="$head," || head=""
        [[ -n $game ]] && COMPREPLY=($(compgen -P "$head" -W "$(_formicary_kinds "$exe" "$game")" -- "$last"))
        compopt -o nospace 2>/dev/null
        return ;;
    --weak | --strong)
        # luck: one agent spec or tier
        COMPREPLY=($(compgen -W "random greedy mcts mcts:iters= mcts:time= easy medium hard expert" -- "$cur"))
        compopt -o nospace 2>/dev/null
        return ;;
    --corpus)
        COMPREPLY=($(compgen -d -- "$cur"))
        return ;;
    --judge) # leaders: the kingmaker judge
        COMPREPLY=($(compgen -W "eval search search:2 search:3 search:4" -- "$cur"))
        return ;;
    --method) # sensitivity
        COMPREPLY=($(compgen -W "oat morris" -- "$cur"))
        return ;;
    --metric) # sensitivity: sim's per-game metrics (seat and agent ones take :K)
        COMPREPLY=($(compgen -W "rounds decisions margin lead_changes drama timeout shared_win branching decision_share seat_win: win_share: score: agent_margin:" -- "$cur"))
        [[ $COMPREPLY == *: ]] && compopt -o nospace 2>/dev/null
        return ;;
    --game)
        COMPREPLY=($(compgen -W "$(_formicary_games "$exe")" -- "$cur"))
        return ;;
    --set | --against-set | --param)
        [[ -n $game ]] && COMPREPLY=($(compgen -S = -W "$(_formicary_params "$exe" "$game")" -- "$cur"))
        compopt -o nospace 2>/dev/null
        return ;;
    --rules | --against-rules)
        # a shipped rule set by name, or an INI file
        [[ -n $game ]] && COMPREPLY=($(compgen -W "$(_formicary_shipped "$exe" "$game" "rule sets")" -- "$cur"))
        COMPREPLY+=($(compgen -f -- "$cur"))
        return ;;
    --variant | --against-variant)
        # a shipped variant by name, or a Lua file
        [[ -n $game ]] && COMPREPLY=($(compgen -W "$(_formicary_shipped "$exe" "$game" "variants")" -- "$cur"))
        COMPREPLY+=($(compgen -f -- "$cur"))
        return ;;
    --csv | --json | --svg | --html | --ini | --record | \
    --plugin-path | --resume | --load | --position | --db)
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($("$exe" "$cmd" --help 2>/dev/null | grep -o -- '^  --[a-z-]*' | tr -d ' ' | compgen -W "$(cat)" -- "$cur"))
        return
    fi
    case $cmd in
    replay) COMPREPLY=($(compgen -f -- "$cur")) ;;
    variant)
        if [[ -z $game ]]; then COMPREPLY=($(compgen -W "check list" -- "$cur"))
        elif [[ $game == list ]]; then COMPREPLY=($(compgen -W "$(_formicary_games "$exe")" -- "$cur"))
        else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
    check) # GAME, then its contract (config/GAME/design.ini or any file)
        if [[ -z $game ]]; then COMPREPLY=($(compgen -W "$(_formicary_games "$exe")" -- "$cur"))
        else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
    runs) [[ -z $game ]] && COMPREPLY=($(compgen -W "list show compare export" -- "$cur")) ;;
    list | plugins | uhp) ;;
    *) [[ -z $game ]] && COMPREPLY=($(compgen -W "$(_formicary_games "$exe")" -- "$cur")) ;;
    esac
}
complete -F _formicary formicary
